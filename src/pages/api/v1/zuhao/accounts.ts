/**
 * GET /api/v1/zuhao/accounts — the rental hall (spec §7 zuhao "account list"): HallQuery filters,
 * sort and page in the query string; answers Page<ListingCard>.
 */
import { searchListings } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.hall, async ({ db }, query) => searchListings(db, query, new Date()));
