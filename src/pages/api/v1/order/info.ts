/** GET /api/v1/order/info?order_no= (Bearer) — spec §7 "GET order info": `{ order_no, kind, order_status, order_status_text, pay_status_code }`. */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { orderNoSchema } from '~/features/orders/server/orders';
import { getOrderInfo } from '~/features/orders/server/orders';

const Query = z.object({ order_no: orderNoSchema });

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readQuery(ctx.url, Query);
  return ok(await getOrderInfo(ctx.db, userId, order_no, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
