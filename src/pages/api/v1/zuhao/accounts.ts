/**
 * GET /api/v1/zuhao/accounts — the rental hall (spec §7 zuhao "account list"): HallQuery filters,
 * sort and page in the query string; answers Page<ListingCard>.
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { searchListings } from '~/server/services/catalog';
import { hallQuerySchema } from '~/server/services/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const query = await readQuery(url, hallQuerySchema);
  return ok(await searchListings(db, query, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
