/**
 * POST /api/v1/ops/users/unban `{ user_id, reason }` → OpsBanResult (permission `users.ban`): sign-in
 * works again and the listings the ban held come back. 409 when not banned; 404 用户不存在.
 */
import { serveConsole, unbanUser } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.unbanUser, 'users.ban', async (ctx, body, { actor, now }) => unbanUser(ctx.db, actor, body, now));
