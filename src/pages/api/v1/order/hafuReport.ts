/**
 * POST /api/v1/order/hafuReport { order_no, coins_left } (Bearer) → HafuSettlementView: the renter
 * reports the coins left on the account, after the rental's end and within the report window
 * (409 otherwise); 404 for another user's order.
 */
import { signedIn } from '~/features/sign-in/server';
import { reportHafuCoins } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.hafuReport, signedIn, async (ctx, body, { userId, now }) => reportHafuCoins(ctx.db, userId, body, now));
