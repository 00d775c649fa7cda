/**
 * A rental after payment: the login details while it runs, renewal, early cancel with
 * the §4 refund, the hafu-coin prepay charge, and the sweep that ends rentals by the clock and
 * gives back deposits.
 *
 * Refunds and deposits go to the wallet balance whatever paid the order (the renter may
 * withdraw them; docs/decisions.md "Refunds go to the balance"). The hafu-coin prepay is not
 * refunded at the end: it stays held until the coins left are settled (hafu-settlement.ts,
 * docs/decisions.md "Hafu-coin settlement").
 */
import { payRankingPrizes, settleInviteRewards } from '~/features/activities/server';
import { and, eq, gt, inArray, lt, lte, ne, or, sql } from 'drizzle-orm';
import { MS_PER_HOUR, ORDER_STATUS } from '~/platform/config/constants';
import type { CancelPreview, Credentials, OrderView, RenewCheck } from '~/features/wallet/contract/money';
import { applyActivityDiscount } from '~/features/activities/rules/activity';
import { MSG_GAME_IN_MAINTENANCE, isGameInMaintenance } from '~/features/catalog/rules/availability';
import { fenToYuan } from '~/platform/rules/money';
import { cancelRefund, type CancelRefund } from '~/features/orders/rules/refund';
import { isVipDiscountUsable, vipDiscountFen } from '~/features/wallet/rules/vip';
import type { Db, DbOrTx } from '~/platform/db/client';
import { games, listings, orderRenewals, orders, type OrderRow } from '~/platform/db/schema';
import { badRequest, conflict, forbidden, notFound } from '~/platform/http/errors';
import { recordReveal, type RevealSource } from '~/features/orders/server/credential-reveals';
import { credentialsNotGiven, readListingCredentials } from '~/features/orders/server/credentials';
import { withIdempotency } from '~/platform/db/idempotency';
import { accountDeleted, listingsDueForRefresh, refreshRentedFlags } from '~/features/catalog/server';
import { notifyDepositReturned, notifyOrderRefund, notifyRentalEnded } from '~/features/notifications/server';
import { newNumber } from '~/features/orders/server/order-numbers';
import { MSG_ORDER_NOT_FOUND, findOwnOrder, loadOrderRecords, lockOwnOrder, orderViewById, prepayFenOf } from '~/features/orders/server/order-view';
import type { ChargeBody, RenewBody } from '~/features/orders/wire';
import { expireUnpaidOrders, lockListingWindows, mappingDoubleBooking, restoreEnvelopes, windowTaken } from '~/features/orders/server/booking';
import { syncEarnings } from '~/features/sellers/server';
import { endHafuPrepay, recordHafuStart } from '~/features/orders/server/hafu-settlement';
import { reopenTasksOfUnpaidOrders } from '~/features/tasks/server';
import { changeBalance, isVipAt, readWallet } from '~/features/wallet/server';
import { retryingDeadlock } from '~/platform/db/retry';

export const MSG_NOT_STARTED = '租期开始后才能查看账号信息';
export const MSG_RENTAL_OVER = '租期已结束，无法查看账号信息';
export const MSG_NOT_CANCELLABLE = '订单当前状态不可取消';
export const MSG_NOT_RENEWABLE = '只有租赁中的订单可以续租';

const isRunning = (order: OrderRow, now: Date): boolean =>
  order.kind === 'rental' && order.status === ORDER_STATUS.paid && order.endsAt !== null && order.endsAt.getTime() > now.getTime();

// ---------------------------------------------------------------------------------------------
// login details

/**
 * Only the renter, only between the start and the end (anyone else: 404, as if there were no order).
 * Each reveal is logged (the arbitration's evidence) when `source` is given: the endpoint
 * gives it for a GET, not for a HEAD, which shows nothing.
 */
export async function getCredentials(db: DbOrTx, userId: number, orderNo: string, now: Date, source: RevealSource | null = null): Promise<Credentials> {
  const record = await findOwnOrder(db, userId, orderNo);
  if (!record || record.order.kind !== 'rental') throw notFound(MSG_ORDER_NOT_FOUND);
  const { order } = record;
  if (order.status !== ORDER_STATUS.paid || !order.startsAt || !order.endsAt) throw forbidden(order.status === ORDER_STATUS.finished ? MSG_RENTAL_OVER : '订单未支付或已取消');
  if (order.startsAt.getTime() > now.getTime()) throw forbidden(MSG_NOT_STARTED);
  if (order.endsAt.getTime() <= now.getTime()) throw forbidden(MSG_RENTAL_OVER);
  const credentials = await readListingCredentials(db, order.listingId!);
  if (!credentials) throw credentialsNotGiven();
  if (source) await recordReveal(db, { listingId: order.listingId!, orderId: order.id, userId, viewer: 'renter' }, source, now);
  return {
    login_account: credentials.loginAccount,
    login_password: credentials.password,
    starts_at: order.startsAt.toISOString(),
    ends_at: order.endsAt.toISOString(),
    seconds_left: Math.floor((order.endsAt.getTime() - now.getTime()) / 1000),
  };
}

// ---------------------------------------------------------------------------------------------
// cancel

function refundOf(order: OrderRow, now: Date): CancelRefund {
  return cancelRefund(
    {
      payFen: order.payFen,
      depositFen: order.depositFen,
      startsAt: order.startsAt!,
      endsAt: order.endsAt!,
      // The prepay is settled on the coins left, like at the end (hafu-settlement.ts), not refunded here.
      unusedGameMoneyFen: 0,
      refundedFen: order.refundFen,
    },
    now,
  );
}

const ZERO_REFUND: CancelRefund = { percent: 0, refundFen: 0, depositFen: 0, gameMoneyFen: 0, totalFen: 0 };

function toPreview(refund: CancelRefund): CancelPreview {
  return {
    percent: refund.percent,
    refund: fenToYuan(refund.refundFen),
    refund_fen: refund.refundFen,
    deposit: fenToYuan(refund.depositFen),
    game_money: fenToYuan(refund.gameMoneyFen),
    total: fenToYuan(refund.totalFen),
    total_fen: refund.totalFen,
  };
}

export async function previewCancel(db: DbOrTx, userId: number, orderNo: string, now: Date): Promise<CancelPreview> {
  const record = await findOwnOrder(db, userId, orderNo);
  if (!record) throw notFound(MSG_ORDER_NOT_FOUND);
  const { order } = record;
  if (order.status === ORDER_STATUS.unpaid || order.status === ORDER_STATUS.paying) return toPreview(ZERO_REFUND);
  if (!isRunning(order, now)) throw conflict(MSG_NOT_CANCELLABLE);
  return toPreview(refundOf(order, now));
}

/** Unpaid: cancelled, the envelope back. Paid and running: cancelled with the §4 refund, deposit and unused prepay to the wallet. */
export async function cancelOrder(db: Db, userId: number, orderNo: string, now: Date): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, userId, orderNo);
    if (order.status === ORDER_STATUS.unpaid || order.status === ORDER_STATUS.paying) {
      await tx.update(orders).set({ status: ORDER_STATUS.cancelled, cancelledAt: now }).where(eq(orders.id, order.id));
      if (order.redPacketId !== null) await restoreEnvelopes(tx, [order.redPacketId]);
      await reopenTasksOfUnpaidOrders(tx, [order.id], now);
      return orderViewById(tx, order.id, now);
    }
    if (!isRunning(order, now)) throw conflict(MSG_NOT_CANCELLABLE);
    const refund = refundOf(order, now);
    await tx
      .update(orders)
      .set({
        status: ORDER_STATUS.cancelled,
        cancelledAt: now,
        // Adds to rent a complaint decision already gave back.
        refundFen: order.refundFen + refund.refundFen,
        depositReturnedFen: refund.depositFen,
      })
      .where(eq(orders.id, order.id));
    const credit = async (kind: 'order_refund' | 'deposit_return', amountFen: number): Promise<void> => {
      if (amountFen > 0) await changeBalance(tx, { userId, kind, amountFen, refNo: order.orderNo });
    };
    await credit('order_refund', refund.refundFen);
    await credit('deposit_return', refund.depositFen);
    await endHafuPrepay(tx, { ...order, status: ORDER_STATUS.cancelled, cancelledAt: now }, now);
    // A reservation cancelled before its start never took effect: its envelope comes back too.
    if (order.redPacketId !== null && order.startsAt!.getTime() > now.getTime()) await restoreEnvelopes(tx, [order.redPacketId]);
    await notifyOrderRefund(tx, order, refund.refundFen, now);
    await notifyDepositReturned(tx, order, refund.depositFen, now);
    await refreshRentedFlags(tx, [order.listingId!], now);
    await syncEarnings(tx, order.id, now);
    return orderViewById(tx, order.id, now);
  });
}

// ---------------------------------------------------------------------------------------------
// renew

interface RenewPrice {
  baseFen: number;
  activityDiscountFen: number;
  vipDiscountFen: number;
  payFen: number;
  newEndsAt: Date;
}

/** `hours` more at the hourly rate, with the activity and VIP discounts (no envelope, no bonus: docs/decisions.md "Renewal"). */
async function renewPrice(db: DbOrTx, order: OrderRow, hours: number, now: Date): Promise<RenewPrice> {
  const [listing] = await db
    .select({
      rentalFen: listings.rentalFen,
      activityDiscount: listings.activityDiscount,
      isUseVipDiscount: listings.isUseVipDiscount,
      isListed: listings.isListed,
      maintenanceStatus: games.maintenanceStatus,
      isSuspended: games.isSuspended,
    })
    .from(listings)
    .innerJoin(games, eq(games.id, listings.gameId))
    .where(eq(listings.id, order.listingId!));
  // spec §8: 账号已删除 (code -400 on continue rent), as renting an account gone from the market
  // (taken down by the platform included).
  if (!listing?.isListed) throw accountDeleted();
  // More hours of a game nobody can play now are refused like a new rental.
  if (isGameInMaintenance({ maintenance_status: listing.maintenanceStatus === 1, is_suspended: listing.isSuspended === 1 })) throw conflict(MSG_GAME_IN_MAINTENANCE);
  const wallet = await readWallet(db, order.userId);
  const baseFen = listing.rentalFen * hours;
  const afterActivity = applyActivityDiscount(baseFen, listing.activityDiscount);
  const vipFen = isVipDiscountUsable(isVipAt(wallet.vipExpiresAt, now), listing.isUseVipDiscount) ? vipDiscountFen(afterActivity) : 0;
  return {
    baseFen,
    activityDiscountFen: baseFen - afterActivity,
    vipDiscountFen: vipFen,
    payFen: afterActivity - vipFen,
    newEndsAt: new Date(order.endsAt!.getTime() + hours * MS_PER_HOUR),
  };
}

/** No other live rental of the listing inside [from, to) (an unpaid one past its deadline is not live: renew expires it first). */
async function windowFree(db: DbOrTx, order: OrderRow, from: Date, to: Date, now: Date): Promise<boolean> {
  const [clash] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.listingId, order.listingId!),
        ne(orders.id, order.id),
        eq(orders.kind, 'rental'),
        or(eq(orders.status, ORDER_STATUS.paid), and(inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paying]), gt(orders.payDeadline, now))),
        lt(orders.startsAt, to),
        gt(orders.endsAt, from),
      ),
    )
    .limit(1);
  return clash === undefined;
}

/** spec §7 "renew check". */
export async function checkRenew(db: DbOrTx, userId: number, body: RenewBody, now: Date): Promise<RenewCheck> {
  const record = await findOwnOrder(db, userId, body.order_no);
  if (!record) throw notFound(MSG_ORDER_NOT_FOUND);
  const { order } = record;
  if (!isRunning(order, now)) throw conflict(MSG_NOT_RENEWABLE);
  const price = await renewPrice(db, order, body.hours, now);
  if (!(await windowFree(db, order, order.endsAt!, price.newEndsAt, now))) throw windowTaken();
  const wallet = await readWallet(db, userId);
  return {
    hours: body.hours,
    new_ends_at: price.newEndsAt.toISOString(),
    original: fenToYuan(price.baseFen),
    vip_discount: fenToYuan(price.vipDiscountFen),
    pay: fenToYuan(price.payFen),
    pay_fen: price.payFen,
    balance_fen: wallet.balanceFen,
  };
}

/** Extends the window (the exclusion constraint re-checks it) and pays from the wallet. */
export async function renewOrder(db: Db, userId: number, body: RenewBody, key: string | null, now: Date): Promise<OrderView> {
  return mappingDoubleBooking(() =>
    withIdempotency(db, { userId, scope: 'order.renew', key, request: body }, async (tx) => {
      const order = await lockOwnOrder(tx, userId, body.order_no);
      if (!isRunning(order, now)) throw conflict(MSG_NOT_RENEWABLE);
      await expireUnpaidOrders(tx, now, order.listingId!);
      const price = await renewPrice(tx, order, body.hours, now);
      const renewNo = newNumber('renewal', now);
      // The longer window goes through the exclusion index: one such write per listing at a time.
      await lockListingWindows(tx, order.listingId!);
      await tx
        .update(orders)
        .set({
          endsAt: price.newEndsAt,
          hours: sql`${orders.hours} + ${body.hours}`,
          originalFen: sql`${orders.originalFen} + ${price.baseFen}`,
          activityDiscountFen: sql`${orders.activityDiscountFen} + ${price.activityDiscountFen}`,
          vipDiscountFen: sql`${orders.vipDiscountFen} + ${price.vipDiscountFen}`,
          payFen: sql`${orders.payFen} + ${price.payFen}`,
          totalFen: sql`${orders.totalFen} + ${price.payFen}`,
        })
        .where(eq(orders.id, order.id));
      await tx.insert(orderRenewals).values({
        renewNo,
        orderId: order.id,
        hours: body.hours,
        payFen: price.payFen,
        vipDiscountFen: price.vipDiscountFen,
        oldEndsAt: order.endsAt!,
        newEndsAt: price.newEndsAt,
        createdAt: now,
      });
      if (price.payFen > 0) await changeBalance(tx, { userId, kind: 'renew_pay', amountFen: -price.payFen, refNo: renewNo });
      await syncEarnings(tx, order.id, now);
      return orderViewById(tx, order.id, now);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// hafu coin prepay (spec §7 "POST charge account": amount with 2 decimals, order_no)

export async function chargeGameMoney(db: Db, userId: number, body: ChargeBody, key: string | null, now: Date): Promise<OrderView> {
  const amountFen = body.amount;
  return withIdempotency(db, { userId, scope: 'order.charge', key, request: { order_no: body.order_no, amountFen } }, async (tx) => {
    const order = await lockOwnOrder(tx, userId, body.order_no);
    if (!isRunning(order, now)) throw conflict('只有租赁中的订单可以预充哈夫币');
    if (order.gameMoneyFen > 0) throw conflict('该订单已预充哈夫币');
    const [record] = await loadOrderRecords(tx, eq(orders.id, order.id));
    const prepayFen = prepayFenOf(record?.listing ?? null);
    if (prepayFen === null) throw badRequest('该账号不是哈夫币号，无需预充');
    if (amountFen !== prepayFen) throw badRequest(`预充金额应为¥${fenToYuan(prepayFen)}`);
    await changeBalance(tx, { userId, kind: 'hafu_charge', amountFen: -prepayFen, refNo: order.orderNo });
    await tx.update(orders).set({ gameMoneyFen: prepayFen }).where(eq(orders.id, order.id));
    await recordHafuStart(tx, order, record!.listing!, prepayFen, now);
    return orderViewById(tx, order.id, now);
  });
}

// ---------------------------------------------------------------------------------------------
// the sweep

export interface SweepResult {
  expired: number;
  finished: number;
}

/**
 * Run by every process every ORDER_SWEEP_INTERVAL_MS (main.ts): cancel unpaid orders past their
 * deadline, finish rentals past their end (deposit back to the wallet, one ledger row; the
 * hafu prepay held for its settlement) and keep listings' rented flags in step with the clock. Rows are taken with
 * SKIP LOCKED, so processes sweeping at once share the work instead of waiting or repeating it.
 */
/** Sweeps since start; every INVITE_SETTLE_EVERY-th also retries invitations (a rental finished by another path). */
let sweepCount = 0;
const INVITE_SETTLE_EVERY = 10;

export async function sweepOrders(db: Db, now: Date): Promise<SweepResult> {
  // A batch PostgreSQL aborted to break a deadlock runs again rather than waiting for the next sweep.
  const expired = await retryingDeadlock(() => db.transaction((tx) => expireUnpaidOrders(tx, now)));
  let finished = 0;
  for (;;) {
    const batch = await retryingDeadlock(() => db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.paid), lte(orders.endsAt, now)))
        .limit(50)
        .for('update', { skipLocked: true });
      // Credit the renters' wallets in one order (by user id) in every batch: two sweepers'
      // batches share renters, and taking their wallet rows in row order deadlocked them.
      due.sort((a, b) => a.userId - b.userId || a.id - b.id);
      for (const order of due) {
        await tx
          .update(orders)
          .set({ status: ORDER_STATUS.finished, finishedAt: now, depositReturnedFen: order.depositFen })
          .where(eq(orders.id, order.id));
        if (order.depositFen > 0) await changeBalance(tx, { userId: order.userId, kind: 'deposit_return', amountFen: order.depositFen, refNo: order.orderNo });
        // The prepay stays held for the coin settlement (hafu-settlement.ts).
        await endHafuPrepay(tx, { ...order, status: ORDER_STATUS.finished, finishedAt: now }, now);
        await syncEarnings(tx, order.id, now);
        await notifyRentalEnded(tx, order, now);
        await notifyDepositReturned(tx, order, order.depositFen, now);
      }
      await refreshRentedFlags(tx, due.map((order) => order.listingId!), now);
      return due.length;
    }));
    finished += batch;
    if (batch < 50) break;
  }
  await refreshRentedFlags(db, await listingsDueForRefresh(db, now), now);
  // After the batches, in transactions of their own: the inviter's wallet is not the renter's, and
  // taking it inside a batch would break the batch's one lock order.
  if (finished > 0 || sweepCount % INVITE_SETTLE_EVERY === 0) await settleInviteRewards(db, now);
  // The ranking's prizes once its window has settled: a cheap read when there is nothing to pay.
  if (sweepCount++ % INVITE_SETTLE_EVERY === 0) await payRankingPrizes(db, now);
  return { expired: expired.length, finished };
}
