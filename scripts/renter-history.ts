/**
 * Renters with history, for the tests and benchmarks that rent many times with one account: the
 * new renters' limits (src/features/orders/rules/new-renter.ts) would refuse them past two open
 * rentals or five a day. Each account is dated before the limits' days and finishes one real
 * rental of `listingId` weeks ago, through the same create, pay and finish sweep as any other, so
 * every ledger, earning and identity check still holds.
 */
import { eq, inArray } from 'drizzle-orm';
import { MS_PER_DAY, MS_PER_HOUR } from '../src/platform/config/constants';
import type { Db } from '../src/platform/db/client';
import { orders, users } from '../src/platform/db/schema';
import { sweepOrders } from '../src/features/orders/server/order-lifecycle';
import { payOrder } from '../src/features/orders/server/order-payment';
import { createOrder } from '../src/features/orders/server/orders';

export async function giveRentalHistory(db: Db, userIds: readonly number[], listingId: number): Promise<void> {
  const start = new Date(Date.now() - (userIds.length + 10) * MS_PER_DAY);
  await db.update(users).set({ createdAt: new Date(start.getTime() - 10 * MS_PER_DAY) }).where(inArray(users.id, [...userIds]));
  // one a day, each finished by the sweep before the next renter takes the listing
  for (const [i, userId] of userIds.entries()) {
    const at = new Date(start.getTime() + i * MS_PER_DAY);
    const order = await createOrder(db, userId, { account_id: listingId, option: 'hourly', hours: 1, red_packet_id: null }, null, at);
    const paid = await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, null, { origin: 'http://localhost' }, at);
    if (!paid.paid) throw new Error('the history rental was not paid from the wallet');
    await sweepOrders(db, new Date(at.getTime() + MS_PER_DAY - MS_PER_HOUR));
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, order.order_no));
    if (row?.status !== 4) throw new Error('the history rental did not finish');
  }
}
