/**
 * GET /api/v1/ops/users/detail?id= → OpsUserDetail (permission `users.read`): the profile (masked),
 * shop, recent orders, wallet and ledger (read-only) and the ban / adjustment history. 404 用户不存在.
 */
import { opsIdQuerySchema } from '~/features/console/contract/ops-users';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { getOpsUser } from '~/features/console/server/users';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'users.read', now);
  const { id } = await readQuery(ctx.url, opsIdQuerySchema);
  return ok(await getOpsUser(ctx.db, id, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
