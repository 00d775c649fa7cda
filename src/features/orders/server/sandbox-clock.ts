/**
 * The sandbox's time machine for one rental (development and test only, like the sandbox
 * checkout): a demo or an end-to-end test cannot wait an hour for a rental to end and a day for
 * its earnings' hold. `fastForwardRental` moves the window of one running rental so that it ends
 * now, skips its earnings' hold, and runs the real sweeps: the order is finished, the deposit
 * returned and the earnings released exactly as the clock would have done it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { Db } from '~/platform/db/client';
import { listings, orders, sellerEarnings, shops } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { sweepOrders } from '~/features/orders/server/order-lifecycle';
import { MSG_ORDER_NOT_FOUND } from '~/features/orders/server/order-view';
import { releaseDueEarnings } from '~/features/sellers/server';

export const MSG_NOT_RUNNING = '只有租赁中的订单可以快进';

/** The renter or the listing's owner fast-forwards a running rental of theirs (anyone else: 404). */
export async function fastForwardRental(db: Db, userId: number, orderNo: string, now: Date): Promise<{ order_no: string; status: number; earnings: string | null }> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: orders.id, status: orders.status, startsAt: orders.startsAt, endsAt: orders.endsAt, renterId: orders.userId, ownerId: shops.ownerUserId })
      .from(orders)
      .innerJoin(listings, eq(listings.id, orders.listingId))
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .where(and(eq(orders.orderNo, orderNo), eq(orders.kind, 'rental')))
      .for('update', { of: orders });
    if (!row || (row.renterId !== userId && row.ownerId !== userId)) throw notFound(MSG_ORDER_NOT_FOUND);
    if (row.status !== ORDER_STATUS.paid || !row.endsAt || !row.startsAt) throw conflict(MSG_NOT_RUNNING);
    const shiftMs = Math.max(0, row.endsAt.getTime() - now.getTime());
    await tx
      .update(orders)
      .set({ startsAt: new Date(row.startsAt.getTime() - shiftMs), endsAt: new Date(row.endsAt.getTime() - shiftMs) })
      .where(eq(orders.id, row.id));
  });
  await sweepOrders(db, now);
  await db.update(sellerEarnings).set({ releaseAt: now }).where(and(sql`${sellerEarnings.orderId} = (select ${orders.id} from ${orders} where ${orders.orderNo} = ${orderNo})`, eq(sellerEarnings.status, 'frozen')));
  await releaseDueEarnings(db, now);
  const [after] = await db
    .select({ status: orders.status, earnings: sellerEarnings.status })
    .from(orders)
    .leftJoin(sellerEarnings, eq(sellerEarnings.orderId, orders.id))
    .where(eq(orders.orderNo, orderNo));
  return { order_no: orderNo, status: after!.status, earnings: after!.earnings };
}
