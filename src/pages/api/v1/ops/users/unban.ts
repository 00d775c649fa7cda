/**
 * POST /api/v1/ops/users/unban `{ user_id, reason }` → OpsBanResult (permission `users.ban`): sign-in
 * works again and the listings the ban held come back. 409 when not banned; 404 用户不存在.
 */
import { opsUserUnbanBodySchema } from '~/features/console/contract/ops-users';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { unbanUser } from '~/features/console/server/users';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'users.ban', now);
  const body = await readJson(ctx.request, opsUserUnbanBodySchema);
  return ok(await unbanUser(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
