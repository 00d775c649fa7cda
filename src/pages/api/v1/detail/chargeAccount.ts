/**
 * POST /api/v1/detail/chargeAccount { order_no, amount: "12.50" } (Bearer, Idempotency-Key) — spec §7
 * "POST charge account": the hafu-coin prepay of a running rental, from the wallet → OrderView.
 */
import { signedInWithKey, chargeGameMoney } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.chargeAccount, signedInWithKey, async (ctx, body, { userId, key, now }) =>
  chargeGameMoney(ctx.db, userId, body, key, now),
);
