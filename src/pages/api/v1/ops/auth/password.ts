/**
 * POST /api/v1/ops/auth/password `{ old_password, new_password }`: the signed-in operator changes
 * their own password; their other sessions end. 400 原密码错误.
 */
import { opsPasswordChangeBodySchema } from '~/features/console/contract/ops';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireAnyOperator } from '~/features/console/server/ops-auth';
import { changeOwnPassword } from '~/features/console/server/operators';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireAnyOperator(ctx, now);
  const body = await readJson(ctx.request, opsPasswordChangeBodySchema);
  await changeOwnPassword(ctx.db, actor, body.old_password, body.new_password, now);
  return ok(null);
});

export const ALL = opsAllowOnly('POST');
