/**
 * GET /api/v1/ops/users/detail?id= → OpsUserDetail (permission `users.read`): the profile (masked),
 * shop, recent orders, wallet and ledger (read-only) and the ban / adjustment history. 404 用户不存在.
 */
import { serveConsole, getOpsUser } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.user, 'users.read', async (ctx, { id }, { now }) => getOpsUser(ctx.db, id, now));
