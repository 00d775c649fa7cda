/** GET /api/v1/free/promotion — the free-play campaign: `{ title, text, active_offers }` (spec §7 free "promotion"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { freePromotion } from '~/features/free/server/free-rentals';

export const GET = handle(async ({ db }) => ok(await freePromotion(db, new Date())));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
