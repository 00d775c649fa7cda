/** GET /api/v1/seller/hafu?order_no= (Bearer) → HafuSettlementView: the listing owner's view of a rental's hafu-coin settlement; 404 for anyone else. */
import { signedIn } from '~/features/sign-in/server';
import { getOwnerHafu } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.sellerHafu, signedIn, async (ctx, { order_no }, { userId, now }) => getOwnerHafu(ctx.db, userId, order_no, now));
