/**
 * POST /api/v1/sandbox/orders/fast-forward { order_no } (Bearer: the renter or the listing's owner)
 * — development and test only (404 in production, like any unknown API): the running rental ends
 * now, its earnings skip the hold, and the real sweeps finish and release it → `{ order_no,
 * status, earnings }`. See services/sandbox-clock.ts.
 */
import { sandboxSignedIn, fastForwardRental } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.sandboxFastForward, sandboxSignedIn, async (ctx, { order_no }, { userId, now }) =>
  fastForwardRental(ctx.db, userId, order_no, now),
);
