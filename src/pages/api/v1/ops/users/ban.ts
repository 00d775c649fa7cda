/**
 * POST /api/v1/ops/users/ban `{ user_id, reason }` → OpsBanResult (permission `users.ban`): every
 * sign-in refused with 账号已被封禁：<reason>, tokens revoked, listings out of the hall. 409 when
 * already banned or deregistered; 404 用户不存在.
 */
import { opsUserBanBodySchema } from '~/features/console/contract/ops-users';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { banUser } from '~/features/console/server/users';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'users.ban', now);
  const body = await readJson(ctx.request, opsUserBanBodySchema);
  return ok(await banUser(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
