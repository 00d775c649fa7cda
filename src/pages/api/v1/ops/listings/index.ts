/**
 * GET /api/v1/ops/listings?page&page_size&q&game_id&shop_id&state → Page of OpsListingRow
 * (permission `listings`): every listing, newest first; `q` is an id or part of a title, role name
 * or shop name.
 */
import { opsListingsQuerySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { searchListingsForOps } from '~/features/sellers/server/ops-listings';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'listings');
  const query = await readQuery(ctx.url, opsListingsQuerySchema);
  return ok(await searchListingsForOps(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
