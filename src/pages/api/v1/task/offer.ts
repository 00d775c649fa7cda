/**
 * POST /api/v1/task/offer { task_id, listing_id, price_hour_fen, note? } (Bearer) → TaskOfferView:
 * a seller offers one of their own listed accounts. 403 without a shop, for one's own task or another
 * shop's listing; 400 for a wrong game, a price over the budget; 409 for a task no longer open or a
 * listing already offered on it.
 */
import { signedIn } from '~/features/sign-in/server';
import { makeOffer } from '~/features/tasks/server';
import { TASK_WIRE } from '~/features/tasks/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(TASK_WIRE.offer, signedIn, async (ctx, body, { userId, now }) => {
  return makeOffer(ctx.db, userId, body, now);
});
