/**
 * POST /api/v1/seller/hafuAnswer { order_no, accept, coins_left?, evidence?, images? } (Bearer) →
 * HafuSettlementView: the owner accepts the renter's count (settled at once) or disputes it with
 * their own count and evidence (to an operator). 404 for anyone but the owner; 409 outside the window.
 */
import { signedIn } from '~/features/sign-in/server';
import { answerHafuReport } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.sellerHafuAnswer, signedIn, async (ctx, body, { userId, now }) => answerHafuReport(ctx.db, userId, body, now));
