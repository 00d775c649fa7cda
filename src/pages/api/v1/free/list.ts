/**
 * GET /api/v1/free/list?game_id&page&page_size — active free offers as listing cards with
 * free_hours and ends_at (spec §7 free "list"): `{ list, total, page, page_size }`; page ≥ 1,
 * page_size 1-50 (default 20).
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { freeListQuerySchema, listFreeOffers } from '~/features/free/server/free-rentals';

export const GET = handle(async ({ url, db }) => {
  const query = await readQuery(url, freeListQuerySchema);
  return ok(await listFreeOffers(db, query, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
