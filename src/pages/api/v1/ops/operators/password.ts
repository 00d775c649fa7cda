/** POST /api/v1/ops/operators/password `{ id, password }` → OperatorView (permission `operators`): every session of theirs ends. */
import { opsOperatorPasswordBodySchema } from '~/features/console/contract/ops';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { resetOperatorPassword } from '~/features/console/server/operators';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'operators', now);
  const body = await readJson(ctx.request, opsOperatorPasswordBodySchema);
  return ok(await resetOperatorPassword(ctx.db, actor, body.id, body.password, now));
});

export const ALL = opsAllowOnly('POST');
