/**
 * GET /api/v1/ops/users?page&page_size&q&status&role → Page of OpsUserRow (permission
 * `users.read`): q matches the id, username, nickname, the full phone or its last 4 digits.
 */
import { opsUsersQuerySchema } from '~/features/console/contract/ops-users';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { searchUsers } from '~/features/console/server/users';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'users.read');
  const query = await readQuery(ctx.url, opsUsersQuerySchema);
  return ok(await searchUsers(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
