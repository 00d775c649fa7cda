/**
 * GET /api/v1/ops/listings?page&page_size&q&game_id&shop_id&state → Page of OpsListingRow
 * (permission `listings`): every listing, newest first; `q` is an id or part of a title, role name
 * or shop name.
 */
import { opsListingsQuerySchema } from '~/lib/contract/ops-sellers';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { searchListingsForOps } from '~/server/services/ops/listings';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'listings');
  const query = await readQuery(ctx.url, opsListingsQuerySchema);
  return ok(await searchListingsForOps(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
