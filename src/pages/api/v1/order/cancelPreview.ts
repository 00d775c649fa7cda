/** GET /api/v1/order/cancelPreview?order_no= (Bearer) — what cancelling now gives back (spec §4 early-cancel refund). */
import { signedIn } from '~/features/sign-in/server';
import { previewCancel } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.cancelPreview, signedIn, async (ctx, { order_no }, { userId, now }) => previewCancel(ctx.db, userId, order_no, now));
