/**
 * Sellers' earnings ("Settlement"; the rule is features/sellers/rules/settlement.ts).
 *
 * One `seller_earnings` row per paid rental, recomputed from its order by `syncEarnings` inside
 * every transaction that changes what the renter finally paid or when the rental ends: payment,
 * renewal, early cancel, the sweep that finishes it, a complaint decision's refund. The rate
 * is fixed at payment. The row stays frozen until the rental has ended, the hold has passed and
 * no complaint on the order is open; then `releaseDueEarnings` (run by the money sweep) credits
 * the seller's wallet with one ledger row (earning_release, ref = the order number) and marks it
 * released. So at every commit, for every paid rental: pay_fen = seller_fen + commission_fen +
 * refund_fen, and the released rows sum to the earning_release ledger (`ledgerIdentity`).
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import { releaseTime, splitRent, type CertType } from '~/features/sellers/rules/settlement';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { complaintDecisions, complaints, listings, orders, ownerCharges, sellerEarnings, shops, walletLedger, type OrderRow } from '~/platform/db/schema';
import { log } from '~/platform/config/log';
import { collectOwnerCharges, hafuIdentityFigures, ownersWithCharges } from '~/features/orders/server';
import { settingOf, storedSettingSql } from '~/features/content/server';
import { changeBalance } from '~/features/wallet/server';
import { listingRentedNotice, notifyEarningsReleased } from '~/features/sellers/server/seller-notification-events';
import { notifyAll, type Notice } from '~/features/notifications/server';

const COMPLAINT_OPEN = 1;

/**
 * Brings the earnings row of rental order `orderId` in step with the order. Call it in the same
 * transaction as the change, after it. Orders not paid yet, and non-rentals, have no row.
 */
export async function syncEarnings(tx: DbTx, orderId: number, now: Date): Promise<void> {
  await syncEarningsOf(tx, await readEarningsBasis(tx, orderId), now);
}

/**
 * The seller's side of a rental just paid (or started free): its frozen earnings row and the
 * owner's 账号已被租用 message, from one read of its shop and the settings (`order` is the row as
 * the paying statement left it). `alsoNotices` (the renter's own message of the same event) are
 * written in the same insert as the owner's.
 */
export async function openRentalEarnings(tx: DbTx, order: OrderRow, now: Date, alsoNotices: readonly Notice[] = []): Promise<void> {
  const basis = await readEarningsBasisOf(tx, order);
  await syncEarningsOf(tx, basis, now);
  const owners = basis ? [listingRentedNotice(order, { ownerUserId: basis.sellerUserId, title: basis.listingTitle })] : [];
  await notifyAll(tx, [...owners, ...alsoNotices], now);
}

/**
 * What an order's earnings row follows from besides the order itself (the settings read with it).
 * Built per call: the settings' SQL comes from another feature, loaded after this module.
 */
function earningsBasisColumns() {
  return {
    shopCertType: shops.certType,
    sellerUserId: shops.ownerUserId,
    listingTitle: listings.title,
    earning: sellerEarnings,
    commissionBps: storedSettingSql('seller.commission_bps'),
    holdHours: storedSettingSql('seller.earnings_hold_hours'),
  };
}

/** What an order's earnings row follows from, in one statement. */
async function readEarningsBasis(tx: DbTx, orderId: number) {
  const [row] = await tx
    .select({ order: orders, ...earningsBasisColumns() })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .leftJoin(sellerEarnings, eq(sellerEarnings.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

type EarningsBasis = NonNullable<Awaited<ReturnType<typeof readEarningsBasis>>>;

/** readEarningsBasis for an order the caller holds as it is now: the rest only. */
async function readEarningsBasisOf(tx: DbTx, order: OrderRow): Promise<EarningsBasis | null> {
  if (order.listingId === null) return null;
  const [row] = await tx
    .select(earningsBasisColumns())
    .from(listings)
    .innerJoin(shops, eq(shops.id, listings.shopId))
    .leftJoin(sellerEarnings, eq(sellerEarnings.orderId, order.id))
    .where(eq(listings.id, order.listingId));
  return row ? { order, ...row } : null;
}

async function syncEarningsOf(tx: DbTx, row: EarningsBasis | null, now: Date): Promise<void> {
  if (!row || row.order.kind !== 'rental' || row.order.paidAt === null) return;
  const { order, earning } = row;
  const orderId = order.id;
  const paidAt = row.order.paidAt;
  if (earning?.status === 'released') {
    // A released row is never rewritten. The one way money moves after release is a complaint
    // decided later, which records its split in complaint_decisions; anything else is a bug.
    if (earning.rentFen !== order.payFen || earning.refundedFen !== order.refundFen) {
      const [adjusted] = await tx
        .select({ fen: sql<string>`coalesce(sum(${complaintDecisions.postReleaseRefundFen}), 0)` })
        .from(complaintDecisions)
        .where(eq(complaintDecisions.orderId, order.id));
      if (earning.rentFen !== order.payFen || earning.refundedFen + Number(adjusted?.fen ?? 0) !== order.refundFen) {
        log.warn('settlement: order changed after its earnings were released', { orderNo: order.orderNo });
      }
    }
    return;
  }
  const settings = { 'seller.commission_bps': settingOf('seller.commission_bps', row.commissionBps), 'seller.earnings_hold_hours': settingOf('seller.earnings_hold_hours', row.holdHours) };
  const certType = (earning?.certType ?? row.shopCertType) as CertType;
  const commissionBps = earning?.commissionBps ?? settings['seller.commission_bps'][certType];
  const split = splitRent({ commissionBps, rentFen: order.payFen, refundedRentFen: order.refundFen });
  const ended = order.status === ORDER_STATUS.finished || order.status === ORDER_STATUS.cancelled;
  const endedAt = ended ? (order.finishedAt ?? order.cancelledAt ?? now) : null;
  const heldUntil = order.cancelledAt && order.endsAt && order.cancelledAt < order.endsAt ? order.cancelledAt : order.endsAt;
  const heldSeconds = order.startsAt && heldUntil ? Math.max(0, Math.round((heldUntil.getTime() - order.startsAt.getTime()) / 1000)) : 0;
  const values = {
    heldSeconds,
    rentFen: order.payFen,
    refundedFen: order.refundFen,
    commissionFen: split.commissionFen,
    sellerFen: split.sellerFen,
    endedAt,
    releaseAt: endedAt ? (earning?.releaseAt ?? releaseTime(endedAt, settings['seller.earnings_hold_hours'])) : null,
    updatedAt: now,
  };
  await tx
    .insert(sellerEarnings)
    .values({ orderId, sellerUserId: row.sellerUserId, listingId: order.listingId!, certType, commissionBps, paidAt, ...values })
    // A release that committed since the read above keeps its row: a released row is never rewritten.
    .onConflictDoUpdate({ target: sellerEarnings.orderId, set: values, setWhere: eq(sellerEarnings.status, 'frozen') });
}

/** Earnings released per transaction (each seller hears once per batch). */
export const RELEASE_BATCH = 50;

/**
 * Releases frozen earnings whose hold is over and whose order has no open complaint: one ledger
 * row each, in batches of `batchSize` taken with SKIP LOCKED so processes share the work. Returns how many.
 */
export async function releaseDueEarnings(db: Db, now: Date, batchSize = RELEASE_BATCH): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select({ orderId: sellerEarnings.orderId, sellerUserId: sellerEarnings.sellerUserId, sellerFen: sellerEarnings.sellerFen, orderNo: orders.orderNo })
        .from(sellerEarnings)
        .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
        .where(
          and(
            eq(sellerEarnings.status, 'frozen'),
            lte(sellerEarnings.releaseAt, now),
            sql`not exists (select 1 from ${complaints} where ${complaints.orderId} = ${sellerEarnings.orderId} and ${complaints.status} = ${COMPLAINT_OPEN})`,
          ),
        )
        .orderBy(sellerEarnings.releaseAt)
        .limit(batchSize)
        .for('update', { of: sellerEarnings, skipLocked: true });
      // Credit the sellers' wallets in one order (by user id) in every batch: two releasers'
      // batches share sellers, and taking their wallet rows in release order deadlocked them.
      due.sort((a, b) => a.sellerUserId - b.sellerUserId || a.orderId - b.orderId);
      // What owners owe from complaint decisions comes out of their next releases.
      const owing = await ownersWithCharges(
        tx,
        due.map((row) => row.sellerUserId),
      );
      const bySeller = new Map<number, { orderIds: number[]; amountFen: number }>();
      for (const row of due) {
        if (row.sellerFen > 0) await changeBalance(tx, { userId: row.sellerUserId, kind: 'earning_release', amountFen: row.sellerFen, refNo: row.orderNo });
        if (row.sellerFen > 0 && owing.has(row.sellerUserId)) await collectOwnerCharges(tx, row.sellerUserId, row.orderNo, now);
        await tx.update(sellerEarnings).set({ status: 'released', releasedAt: now, updatedAt: now }).where(eq(sellerEarnings.orderId, row.orderId));
        const sum = bySeller.get(row.sellerUserId) ?? { orderIds: [], amountFen: 0 };
        sum.orderIds.push(row.orderId);
        sum.amountFen += row.sellerFen;
        bySeller.set(row.sellerUserId, sum);
      }
      for (const [sellerUserId, released] of bySeller) await notifyEarningsReleased(tx, sellerUserId, released, now);
      return due.length;
    });
    released += batch;
    if (batch < batchSize) return released;
  }
}

export interface LedgerIdentity {
  /** Paid rentals. */
  orders: number;
  /** What renters paid in rent (renewals included; not deposits or hafu-coin prepay), fen. */
  rentPaidFen: number;
  /** Owners' share: the earnings rows, less their share of refunds decided after release. */
  sellerFen: number;
  /** The platform's commission, less its share of refunds decided after release. */
  commissionFen: number;
  refundedFen: number;
  /** Paid rentals whose earnings row is missing or does not match the order. */
  mismatchedOrders: number;
  /** Released earnings against the earning_release ledger rows, fen. */
  releasedFen: number;
  releasedLedgerFen: number;
  /** Complaint decisions: owners' charges (clawbacks and penalties), what of them was collected, and the ledger rows of those collections (negated). */
  ownerChargesFen: number;
  ownerCollectedFen: number;
  ownerCollectedLedgerFen: number;
  /** Owners' share of refunds decided after release, and the clawback charges made for it. */
  postReleaseOwnerShareFen: number;
  clawbackChargesFen: number;
  /**
   * Hafu-coin prepay (the renter's money passing through, not rent): what orders charged against
   * the hafu_charge ledger rows (negated); what went back (orders.refund_game_money_fen) against
   * hafu_refund; what settlements paid owners against hafu_settle; what is still held
   * (charged − back − to owners); and settlements that disagree with their order.
   */
  hafuChargedFen: number;
  hafuChargeLedgerFen: number;
  hafuRefundedFen: number;
  hafuRefundLedgerFen: number;
  hafuOwnerFen: number;
  hafuSettleLedgerFen: number;
  hafuHeldFen: number;
  hafuMismatched: number;
  /**
   * 转账 (common/transfer) moves money between users' wallets and makes none: what left senders
   * (transfer_out, negated) equals what reached receivers (transfer_in), and every transfer number
   * has exactly its two rows, opposite and equal.
   */
  transferOutFen: number;
  transferInFen: number;
  unpairedTransfers: number;
  holds: boolean;
}

/**
 * renter payments = owner earnings + commission + refunds, to the fen, over every paid rental;
 * what was released equals what reached wallets; and what owners were charged by complaint
 * decisions and paid equals their ledger rows. The operator runs it with `npm run ledger:check`
 * (scripts/ledger-check.ts); tests run it after races.
 *
 * A refund decided after the owner's earnings were released leaves the released row as it was
 * (released earnings are never rewritten): its split is in complaint_decisions.post_release_*,
 * added here to the owners' share and the commission and to the row's refunds.
 */
export async function ledgerIdentity(db: DbOrTx): Promise<LedgerIdentity> {
  const adjustments = db
    .select({
      orderId: complaintDecisions.orderId,
      refundFen: sql<string>`sum(${complaintDecisions.postReleaseRefundFen})`.as('adj_refund_fen'),
      sellerFen: sql<string>`sum(${complaintDecisions.postReleaseSellerFen})`.as('adj_seller_fen'),
      commissionFen: sql<string>`sum(${complaintDecisions.postReleaseCommissionFen})`.as('adj_commission_fen'),
    })
    .from(complaintDecisions)
    .groupBy(complaintDecisions.orderId)
    .as('adj');
  const [sums] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      rentPaidFen: sql<string>`coalesce(sum(${orders.payFen}), 0)`,
      sellerFen: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}), 0) + coalesce(sum(${adjustments.sellerFen}), 0)`,
      commissionFen: sql<string>`coalesce(sum(${sellerEarnings.commissionFen}), 0) + coalesce(sum(${adjustments.commissionFen}), 0)`,
      refundedFen: sql<string>`coalesce(sum(${orders.refundFen}), 0)`,
      mismatchedOrders: sql<number>`(count(*) filter (where ${sellerEarnings.orderId} is null or ${sellerEarnings.rentFen} <> ${orders.payFen} or ${sellerEarnings.refundedFen} + coalesce(${adjustments.refundFen}, 0) <> ${orders.refundFen}))::int`,
      releasedFen: sql<string>`coalesce(sum(${sellerEarnings.sellerFen}) filter (where ${sellerEarnings.status} = 'released'), 0)`,
      postReleaseOwnerShareFen: sql<string>`coalesce(-sum(${adjustments.sellerFen}), 0)`,
      hafuChargedFen: sql<string>`coalesce(sum(${orders.gameMoneyFen}), 0)`,
      hafuRefundedFen: sql<string>`coalesce(sum(${orders.refundGameMoneyFen}), 0)`,
    })
    .from(orders)
    .leftJoin(sellerEarnings, eq(sellerEarnings.orderId, orders.id))
    .leftJoin(adjustments, eq(adjustments.orderId, orders.id))
    .where(and(eq(orders.kind, 'rental'), sql`${orders.paidAt} is not null`));
  const [ledger] = await db
    .select({
      released: sql<string>`coalesce(sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'earning_release'), 0)`,
      // A reversed login-failure report gives the collected compensation back (penalty_return) and
      // drops its charge: the return nets the collections, as the dropped row nets the charges.
      ownerCollected: sql<string>`coalesce(-sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} in ('refund_clawback', 'complaint_penalty', 'penalty_return')), 0)`,
      hafuCharge: sql<string>`coalesce(-sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'hafu_charge'), 0)`,
      hafuRefund: sql<string>`coalesce(sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'hafu_refund'), 0)`,
      hafuSettle: sql<string>`coalesce(sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'hafu_settle'), 0)`,
    })
    .from(walletLedger)
    .where(inArray(walletLedger.kind, ['earning_release', 'refund_clawback', 'complaint_penalty', 'penalty_return', 'hafu_charge', 'hafu_refund', 'hafu_settle']));
  const hafu = await hafuIdentityFigures(db);
  const transfers = await transferIdentityFigures(db);
  const [charges] = await db
    .select({
      charged: sql<string>`coalesce(sum(${ownerCharges.amountFen}), 0)`,
      collected: sql<string>`coalesce(sum(${ownerCharges.collectedFen}), 0)`,
      clawbacks: sql<string>`coalesce(sum(${ownerCharges.amountFen}) filter (where ${ownerCharges.kind} = 'clawback'), 0)`,
    })
    .from(ownerCharges);
  const identity = {
    orders: Number(sums?.orders ?? 0),
    rentPaidFen: Number(sums?.rentPaidFen ?? 0),
    sellerFen: Number(sums?.sellerFen ?? 0),
    commissionFen: Number(sums?.commissionFen ?? 0),
    refundedFen: Number(sums?.refundedFen ?? 0),
    mismatchedOrders: Number(sums?.mismatchedOrders ?? 0),
    releasedFen: Number(sums?.releasedFen ?? 0),
    releasedLedgerFen: Number(ledger?.released ?? 0),
    ownerChargesFen: Number(charges?.charged ?? 0),
    ownerCollectedFen: Number(charges?.collected ?? 0),
    ownerCollectedLedgerFen: Number(ledger?.ownerCollected ?? 0),
    postReleaseOwnerShareFen: Number(sums?.postReleaseOwnerShareFen ?? 0),
    clawbackChargesFen: Number(charges?.clawbacks ?? 0),
    hafuChargedFen: Number(sums?.hafuChargedFen ?? 0),
    hafuChargeLedgerFen: Number(ledger?.hafuCharge ?? 0),
    hafuRefundedFen: Number(sums?.hafuRefundedFen ?? 0),
    hafuRefundLedgerFen: Number(ledger?.hafuRefund ?? 0),
    hafuOwnerFen: hafu.ownerFen,
    hafuSettleLedgerFen: Number(ledger?.hafuSettle ?? 0),
    hafuHeldFen: hafu.heldFen,
    hafuMismatched: hafu.mismatched,
    ...transfers,
  };
  return {
    ...identity,
    holds:
      identity.mismatchedOrders === 0 &&
      identity.rentPaidFen === identity.sellerFen + identity.commissionFen + identity.refundedFen &&
      identity.releasedFen === identity.releasedLedgerFen &&
      identity.ownerCollectedFen === identity.ownerCollectedLedgerFen &&
      identity.postReleaseOwnerShareFen === identity.clawbackChargesFen &&
      identity.hafuChargedFen === identity.hafuChargeLedgerFen &&
      identity.hafuRefundedFen === identity.hafuRefundLedgerFen &&
      identity.hafuOwnerFen === identity.hafuSettleLedgerFen &&
      identity.hafuChargedFen === identity.hafuRefundedFen + identity.hafuOwnerFen + identity.hafuHeldFen &&
      identity.hafuHeldFen >= 0 &&
      identity.hafuMismatched === 0 &&
      identity.transferOutFen === identity.transferInFen &&
      identity.unpairedTransfers === 0,
  };
}

/** The transfer side of the identity: both sums, and transfer numbers whose two rows do not cancel out. */
async function transferIdentityFigures(db: DbOrTx): Promise<Pick<LedgerIdentity, 'transferOutFen' | 'transferInFen' | 'unpairedTransfers'>> {
  const byTransfer = db
    .select({
      out: sql<string>`coalesce(-sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'transfer_out'), 0)`.as('out_fen'),
      in: sql<string>`coalesce(sum(${walletLedger.amountFen}) filter (where ${walletLedger.kind} = 'transfer_in'), 0)`.as('in_fen'),
      rows: sql<number>`count(*)::int`.as('row_count'),
      outRows: sql<number>`(count(*) filter (where ${walletLedger.kind} = 'transfer_out' and ${walletLedger.amountFen} < 0))::int`.as('out_rows'),
    })
    .from(walletLedger)
    .where(inArray(walletLedger.kind, ['transfer_out', 'transfer_in']))
    .groupBy(walletLedger.refNo)
    .as('by_transfer');
  const [row] = await db
    .select({
      out: sql<string>`coalesce(sum(${byTransfer.out}), 0)`,
      in: sql<string>`coalesce(sum(${byTransfer.in}), 0)`,
      unpaired: sql<number>`(count(*) filter (where ${byTransfer.rows} <> 2 or ${byTransfer.outRows} <> 1 or ${byTransfer.out} <> ${byTransfer.in}))::int`,
    })
    .from(byTransfer);
  return { transferOutFen: Number(row?.out ?? 0), transferInFen: Number(row?.in ?? 0), unpairedTransfers: Number(row?.unpaired ?? 0) };
}
