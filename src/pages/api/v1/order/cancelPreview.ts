/** GET /api/v1/order/cancelPreview?order_no= (Bearer) — what cancelling now gives back (spec §4 early-cancel refund). */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { orderNoSchema } from '~/features/orders/server/orders';
import { previewCancel } from '~/features/orders/server/order-lifecycle';

const Query = z.object({ order_no: orderNoSchema });

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readQuery(ctx.url, Query);
  return ok(await previewCancel(ctx.db, userId, order_no, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
