/** GET /api/v1/order/info?order_no= (Bearer) — spec §7 "GET order info": `{ order_no, kind, order_status, order_status_text, pay_status_code }`. */
import { signedIn } from '~/features/sign-in/server';
import { getOrderInfo } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.info, signedIn, async (ctx, { order_no }, { userId, now }) => getOrderInfo(ctx.db, userId, order_no, now));
