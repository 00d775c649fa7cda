/**
 * POST /api/v1/order/quote { account_id, rental_id | option, hours?, reserved?, red_packet_id? } (Bearer)
 * → the server's price for this user now (OrderQuote): VIP, best or chosen red envelope, deposit.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { quoteFor, rentalRequestSchema, toQuoteView } from '~/features/orders/server/orders';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, rentalRequestSchema);
  return ok(toQuoteView(await quoteFor(ctx.db, userId, body, now)));
});

export const ALL = allowOnly('POST');
