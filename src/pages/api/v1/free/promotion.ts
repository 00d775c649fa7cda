/** GET /api/v1/free/promotion — the free-play campaign: `{ title, text, active_offers }` (spec §7 free "promotion"). */
import { freePromotion } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(FREE_WIRE.promotion, async ({ db }) => freePromotion(db, new Date()));
