/**
 * POST /api/v1/order/quote { account_id, rental_id | option, hours?, reserved?, red_packet_id? } (Bearer)
 * → the server's price for this user now (OrderQuote): VIP, best or chosen red envelope, deposit.
 */
import { signedIn } from '~/features/sign-in/server';
import { quoteFor, toQuoteView } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.quote, signedIn, async (ctx, body, { userId, now }) => toQuoteView(await quoteFor(ctx.db, userId, body, now)));
