/** POST /api/v1/order/renewCheck { order_no, hours } (Bearer) — spec §7 "renew check": whether the hours fit and their price. */
import { signedIn } from '~/features/sign-in/server';
import { checkRenew } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.renewCheck, signedIn, async (ctx, body, { userId, now }) => checkRenew(ctx.db, userId, body, now));
