/**
 * GET /api/v1/ops/listings?page&page_size&q&game_id&shop_id&state → Page of OpsListingRow
 * (permission `listings`): every listing, newest first; `q` is an id or part of a title, role name
 * or shop name.
 */
import { serveConsole } from '~/features/console/server';
import { searchListingsForOps } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_SELLER_WIRE.listings, 'listings', async (ctx, query) => searchListingsForOps(ctx.db, query));
