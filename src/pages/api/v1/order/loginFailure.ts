/**
 * POST /api/v1/order/loginFailure { order_no } (Bearer) — "cannot log in" in one click: the running
 * rental stops and everything paid comes back at once → LoginFailureReport. 404 for anyone else's
 * order; 409 outside the window or once reported; 403 when the renter's button was withdrawn.
 */
import { signedIn } from '~/features/sign-in/server';
import { reportLoginFailure } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.loginFailure, signedIn, async (ctx, { order_no }, { userId, now }) => reportLoginFailure(ctx.db, userId, order_no, now));
