/**
 * GET /api/v1/zuhao/accounts — the rental hall (spec §7 zuhao "account list"): HallQuery filters,
 * sort and page in the query string; answers Page<ListingCard>.
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { searchListings } from '~/features/catalog/server/catalog';
import { hallQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const query = await readQuery(url, hallQuerySchema);
  return ok(await searchListings(db, query, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
