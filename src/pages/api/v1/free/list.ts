/**
 * GET /api/v1/free/list?game_id&page&page_size — active free offers as listing cards with
 * free_hours and ends_at (spec §7 free "list"): `{ list, total, page, page_size }`; page ≥ 1,
 * page_size 1-50 (default 20).
 */
import { listFreeOffers } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(FREE_WIRE.list, async ({ db }, query) => listFreeOffers(db, query, new Date()));
