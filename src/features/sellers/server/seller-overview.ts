/**
 * GET seller/overview: 卖家中心's figures for today (issue 28: the landing was four link cards).
 * What is running, what was earned, what waits for the seller, and the listings that need them.
 * Each figure is one count over an index the seller's other screens already use (orders by shop,
 * earnings by seller, listings by shop), so the landing costs a handful of small reads.
 */
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { DbOrTx } from '~/platform/db/client';
import { complaints, hafuSettlements, listings, loginFailureCases, orders, sellerEarnings } from '~/platform/db/schema';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import { LOGIN_FAILURE_ANSWER_WINDOW_MS } from '~/features/orders/constants';
import type { SellerOverview } from '~/features/sellers/contract/seller-overview';
import { requireSeller } from '~/features/sellers/server/sellers';

const n = (value: unknown): number => Number(value ?? 0);

export async function getSellerOverview(db: DbOrTx, userId: number, now: Date): Promise<SellerOverview> {
  const { shopId } = await requireSeller(db, userId);
  const today = shanghaiMidnight(now);
  const ofShop = and(eq(orders.shopId, shopId), eq(orders.kind, 'rental'));
  const [[rentals], [money], [shelf], [openComplaints], [loginFailures], [hafu]] = await Promise.all([
    db
      .select({
        running: sql<number>`count(*) filter (where ${orders.status} = ${ORDER_STATUS.paid} and ${orders.startsAt} <= ${now}::timestamptz and ${orders.endsAt} > ${now}::timestamptz)`,
        today: sql<number>`count(*) filter (where ${orders.paidAt} >= ${today}::timestamptz)`,
      })
      .from(orders)
      .where(and(ofShop, sql`(${orders.status} = ${ORDER_STATUS.paid} or ${orders.paidAt} >= ${today}::timestamptz)`)),
    db
      .select({
        frozen: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.status} = 'frozen'), 0)`,
        today: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.paidAt} >= ${today}::timestamptz), 0)`,
        releasedToday: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.status} = 'released' and ${sellerEarnings.releasedAt} >= ${today}::timestamptz), 0)`,
      })
      .from(sellerEarnings)
      .where(eq(sellerEarnings.sellerUserId, userId)),
    db
      .select({
        onShelf: sql<number>`count(*) filter (where ${listings.isListed})`,
        pending: sql<number>`count(*) filter (where ${listings.reviewStatus} = 'pending')`,
        rejected: sql<number>`count(*) filter (where ${listings.reviewStatus} = 'rejected')`,
        held: sql<number>`count(*) filter (where ${listings.heldAt} is not null)`,
      })
      .from(listings)
      .where(and(eq(listings.shopId, shopId), sql`${listings.sellerState} <> 'deleted'`)),
    db
      .select({ n: count() })
      .from(complaints)
      .innerJoin(orders, eq(orders.id, complaints.orderId))
      .where(and(eq(orders.shopId, shopId), eq(complaints.status, 1))),
    db
      .select({ n: count() })
      .from(loginFailureCases)
      .where(
        and(
          eq(loginFailureCases.sellerUserId, userId),
          eq(loginFailureCases.status, 'decided'),
          isNull(loginFailureCases.answeredAt),
          gt(loginFailureCases.createdAt, new Date(now.getTime() - LOGIN_FAILURE_ANSWER_WINDOW_MS)),
        ),
      ),
    db
      .select({ n: count() })
      .from(hafuSettlements)
      .where(and(eq(hafuSettlements.ownerUserId, userId), eq(hafuSettlements.stage, 'reported'))),
  ]);
  return {
    running_rentals: n(rentals?.running),
    rentals_today: n(rentals?.today),
    earned_today_fen: n(money?.today),
    released_today_fen: n(money?.releasedToday),
    frozen_fen: n(money?.frozen),
    listings: { on_shelf: n(shelf?.onShelf), pending_review: n(shelf?.pending), rejected: n(shelf?.rejected), held: n(shelf?.held) },
    to_answer: { complaints: n(openComplaints?.n), login_failures: n(loginFailures?.n), hafu_reports: n(hafu?.n) },
  };
}
