/**
 * POST /api/v1/ops/users/ban `{ user_id, reason }` → OpsBanResult (permission `users.ban`): every
 * sign-in refused with 账号已被封禁：<reason>, tokens revoked, listings out of the hall. 409 when
 * already banned or deregistered; 404 用户不存在.
 */
import { serveConsole, banUser } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.banUser, 'users.ban', async (ctx, body, { actor, now }) => banUser(ctx.db, actor, body, now));
