/** GET /api/v1/order/cancelPreview?order_no= (Bearer) — what cancelling now gives back (spec §4 early-cancel refund). */
import { z } from 'zod';
import { requireUser } from '~/server/auth';
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { orderNoSchema } from '~/server/services/orders';
import { previewCancel } from '~/server/services/order-lifecycle';

const Query = z.object({ order_no: orderNoSchema });

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readQuery(ctx.url, Query);
  return ok(await previewCancel(ctx.db, userId, order_no, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
