/** GET /api/v1/tejia/accounts?game_id&page — special-offer listings, cheapest first (spec §7 tejia "special-offer accounts"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listSpecialOffers } from '~/features/catalog/server/catalog';
import { specialOffersQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const query = await readQuery(url, specialOffersQuerySchema);
  return ok(await listSpecialOffers(db, query, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
