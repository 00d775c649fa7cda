/** GET /api/v1/tejia/accounts?game_id&page — special-offer listings, cheapest first (spec §7 tejia "special-offer accounts"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { listSpecialOffers } from '~/server/services/catalog';
import { specialOffersQuerySchema } from '~/server/services/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const query = await readQuery(url, specialOffersQuerySchema);
  return ok(await listSpecialOffers(db, query, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
