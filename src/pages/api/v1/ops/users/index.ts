/**
 * GET /api/v1/ops/users?page&page_size&q&status&role → Page of OpsUserRow (permission
 * `users.read`): q matches the id, username, nickname, the full phone or its last 4 digits.
 */
import { serveConsole, searchUsers } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.users, 'users.read', async (ctx, query) => searchUsers(ctx.db, query));
