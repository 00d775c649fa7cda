/** POST /api/v1/vip/subscribe { plan_id } (Bearer, Idempotency-Key) — an unpaid VIP order, paid with order/pay like any order. */
import { signedIn } from '~/features/sign-in/server';
import { subscribeVip } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import type { HandlerContext } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

/** A malformed Idempotency-Key is refused before the body is read, as it always was. */
async function signedInWithKey(ctx: HandlerContext) {
  const user = await signedIn(ctx);
  return { ...user, key: idempotencyKeyOf(ctx.request) };
}

export const { POST, ALL } = serve(WALLET_WIRE.subscribeVip, signedInWithKey, async (ctx, body, { userId, key, now }) => {
  return subscribeVip(ctx.db, userId, body, key, now);
});
