/**
 * The credit score of a user (spec §7 account "credit"): the counts from the order and
 * complaint tables, scored by the pure rule in features/account/rules/credit.ts. Other screens (个人中心) show
 * it through getUserCredit or GET account/credit.
 */
import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import { computeCredit, type CreditScore } from '~/features/account/rules/credit';
import type { DbOrTx } from '~/platform/db/client';
import { complaintDecisions, orders, shops } from '~/platform/db/schema';

export async function getUserCredit(db: DbOrTx, userId: number): Promise<CreditScore> {
  const [[completed], [cancelled], [upheld]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.finished))),
    // A paid rental cancelled (by the renter, or ended early); an unpaid order timing out is not one.
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.cancelled), isNotNull(orders.paidAt))),
    // Upheld against the user: any decision but 驳回 on an order of a listing in the user's shop.
    db
      .select({ n: count() })
      .from(complaintDecisions)
      .innerJoin(orders, eq(orders.id, complaintDecisions.orderId))
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(and(eq(shops.ownerUserId, userId), ne(complaintDecisions.outcome, 'reject'))),
  ]);
  return computeCredit({
    completedRentals: Number(completed?.n ?? 0),
    cancellations: Number(cancelled?.n ?? 0),
    upheldComplaints: Number(upheld?.n ?? 0),
  });
}
