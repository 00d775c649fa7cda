/**
 * Paying orders: from the wallet at once, or at a gateway (Alipay / WeChat Pay, the
 * sandbox outside production) whose signed asynchronous notify marks the order paid. Gateways are
 * reached only through the payment port (providers/payment): the adapter verifies a notify and
 * reports the trade; this module decides whether it pays one of our payments.
 *
 * Exactly-once: an order moves from unpaid/paying to paid with one guarded UPDATE, the wallet
 * debit and every credit are ledger rows unique by (kind, ref), and a payment is marked paid
 * once (a replayed notify finds it paid and only answers `success`). Money a gateway takes for
 * an order that can no longer be paid (it timed out, or the wallet paid it first) goes to the
 * wallet balance as 支付退回余额, never lost and never counted twice.
 *
 * A gateway is asked only after the transaction that books its payment has committed (a live
 * gateway's round trip inside it held the order, the listing's windows and a pool connection):
 * the idempotency record keeps the booked payment, so a repeat asks the gateway again for the same
 * pay_no, which answers the same trade.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_PAY_TIMEOUT_MS, ORDER_STATUS, RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '~/platform/config/constants';
import { wechatNativePagePath, type GatewayCheckout, type OrderView, type PayResult } from '~/features/wallet/contract/money';
import { fenToYuanShort } from '~/platform/rules/money';
import { retryingDeadlock } from '~/platform/db/retry';
import type { Db, DbTx } from '~/platform/db/client';
import { orders, payments, wallets, type OrderRow, type PayChannel } from '~/platform/db/schema';
import { AppError, badRequest, conflict } from '~/platform/http/errors';
import { log } from '~/platform/config/log';
import { checkoutUrlOf, paymentGateway, paymentGateways, plainNotifyAnswer, type Checkout, type CheckoutRequest, type GatewayChannel, type IncomingNotify, type NotifyAnswer } from '~/platform/providers/payment';
import { forgetIdempotencyKey, withIdempotency, type IdempotentCall } from '~/platform/db/idempotency';
import { lockListingWindows, lockWindowsOfOrder, mappingDoubleBooking } from '~/features/orders/server/booking';
import { bookQuotedRental } from '~/features/orders/server/orders';
import { newNumber } from '~/features/orders/server/order-numbers';
import { notifyOrderPaid, orderPaidNotice } from '~/features/notifications/server';
import { lockOwnOrder, orderViewById, toOrderView } from '~/features/orders/server/order-view';
import type { PayBody, RechargeBody, RentalRequestBody } from '~/features/orders/wire';
import { requireRealName } from '~/features/account/server';
import { markRentalStarted } from '~/features/catalog/server';
import { openRentalEarnings } from '~/features/sellers/server';
import { changeBalance } from '~/features/wallet/server';

export const MSG_ORDER_EXPIRED = '订单已超时，请重新下单';
export const MSG_ORDER_NOT_PAYABLE = '订单当前状态无法支付';
export const MSG_GATEWAY_UNAVAILABLE = '支付通道暂未开通，请使用余额支付';
export const MSG_GATEWAY_BUSY = '支付通道繁忙，请稍后再试';
export const MSG_RECHARGE_BY_GATEWAY = '充值请选择支付宝或微信支付';

/** The request's own origin: where the gateway reaches us only when PUBLIC_BASE_URL is unset outside production. */
export interface SiteUrls {
  origin: string;
}

/**
 * The origin the gateway posts notifies to and sends the payer back to: PUBLIC_BASE_URL, because a
 * request's Host header is the client's to choose and a notify URL must not be.
 */
export function publicBase(site: SiteUrls): string {
  const { publicBaseUrl, requestOriginAllowed } = paymentGateways();
  if (publicBaseUrl) return publicBaseUrl;
  if (requestOriginAllowed) return site.origin;
  throw new AppError(1, MSG_GATEWAY_UNAVAILABLE, 503, { cause: new Error('PUBLIC_BASE_URL is not configured') });
}

const notifyUrl = (base: string, channel: GatewayChannel): string => `${base}/api/v1/pay/notify/${channel}`;
const returnUrl = (base: string, orderNo: string): string => `${base}/pay-result?order_no=${encodeURIComponent(orderNo)}`;

function assertPayable(order: OrderRow, now: Date): void {
  if (order.status !== ORDER_STATUS.unpaid && order.status !== ORDER_STATUS.paying) throw conflict(MSG_ORDER_NOT_PAYABLE);
  if (order.payDeadline.getTime() <= now.getTime()) throw conflict(MSG_ORDER_EXPIRED);
}

/**
 * Unpaid/paying → paid, and what paying a kind means: a rental that has started marks the
 * listing rented; a VIP order extends the wallet's VIP time; a recharge credits the wallet.
 * Returns false when the order was not payable any more (nothing changed).
 */
export async function markOrderPaid(tx: DbTx, orderId: number, channel: PayChannel, now: Date): Promise<boolean> {
  const [order] = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.paid, paidAt: now, payChannel: channel })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [ORDER_STATUS.unpaid, ORDER_STATUS.paying])))
    .returning();
  if (!order) return false;
  await applyPaidOrder(tx, order, now);
  return true;
}

/**
 * What paying `order` (its row already paid) means; see markOrderPaid. Every kind writes the
 * renter's message in this same transaction (a paid order always has it, a rolled-back one never):
 * a rental's goes in one insert with its owner's 账号已被租用, the others' on their own at the end.
 */
async function applyPaidOrder(tx: DbTx, order: OrderRow, now: Date): Promise<void> {
  if (order.kind === 'rental' && order.listingId !== null) {
    // The flag, and the listing's record counts it: a paid rental is a rental.
    await markRentalStarted(tx, order.listingId, now);
    await openRentalEarnings(tx, order, now, [orderPaidNotice(order, now)]);
    return;
  }
  if (order.kind === 'vip' && order.vipDays !== null) {
    await tx.insert(wallets).values({ userId: order.userId }).onConflictDoNothing();
    await tx
      .update(wallets)
      .set({
        vipExpiresAt: sql`greatest(coalesce(${wallets.vipExpiresAt}, ${now}::timestamptz), ${now}::timestamptz) + make_interval(days => ${order.vipDays})`,
        updatedAt: now,
      })
      .where(eq(wallets.userId, order.userId));
  }
  if (order.kind === 'recharge') {
    await changeBalance(tx, { userId: order.userId, kind: 'recharge', amountFen: order.payFen, refNo: order.orderNo });
  }
  await notifyOrderPaid(tx, order, now);
}

/**
 * What we ask the gateway for a payment of `order`: every field follows from the order, the pay
 * number and the base, so asking again for the same pay_no sends the very same request (WeChat
 * Native answers the code_url again for an unpaid out_trade_no asked with identical fields; see
 * services/wechat-native.ts, which relies on this instead of storing the code_url).
 */
export function gatewayCheckoutRequest(order: OrderRow, payNo: string, channel: GatewayChannel, base: string): CheckoutRequest {
  const subject = order.kind === 'rental' ? `租号订单 ${order.orderNo}` : order.kind === 'vip' ? `开通VIP ${order.orderNo}` : `余额充值 ¥${fenToYuanShort(order.payFen)}`;
  return { payNo, amountFen: order.totalFen, subject, notifyUrl: notifyUrl(base, channel), returnUrl: returnUrl(base, order.orderNo), expiresAt: order.payDeadline };
}

/**
 * Where the buyer's browser goes. A QR checkout (WeChat Native's `weixin://` code_url) cannot be
 * navigated to, so the buyer goes to our own page that shows it as a QR; the code_url itself
 * stays on the server (the page's island asks GET pay/wechat/qr, which asks the gateway again).
 */
function checkoutUrlFor(channel: GatewayChannel, payNo: string, checkout: Checkout): string {
  if (checkout.kind === 'qr' && channel === 'wechat') return wechatNativePagePath(payNo);
  return checkoutUrlOf(checkout);
}

/**
 * A gateway payment booked in our database, not yet opened at the gateway: what the idempotency
 * record keeps, so a repeat asks the gateway again for the very same pay_no (gatewayCheckoutRequest).
 */
interface BookedCheckout {
  booked: true;
  orderId: number;
  orderNo: string;
  /** A recharge order exists only for its payment: undone, it is cancelled (a rental goes back to unpaid). */
  recharge: boolean;
  payNo: string;
  channel: GatewayChannel;
  /** The request as JSON (its expiresAt an ISO string). */
  request: Omit<CheckoutRequest, 'expiresAt'> & { expiresAt: string | null };
}

/**
 * Books a gateway payment of the whole order (a payments row, the order `paying`) inside `tx`. The
 * gateway is asked only after the commit (openBookedCheckout): a live gateway's round trip must not
 * hold the order, the listing's windows and a pool connection (issue 27).
 */
async function bookGatewayPayment(tx: DbTx, order: OrderRow, channel: GatewayChannel, site: SiteUrls, now: Date): Promise<BookedCheckout> {
  if (!paymentGateway(channel)) throw new AppError(1, MSG_GATEWAY_UNAVAILABLE, 503);
  const base = publicBase(site);
  const payNo = newNumber('payment', now);
  const request = gatewayCheckoutRequest(order, payNo, channel, base);
  await tx.insert(payments).values({ payNo, orderId: order.id, userId: order.userId, channel, amountFen: order.totalFen, createdAt: now });
  await tx.update(orders).set({ status: ORDER_STATUS.paying, payChannel: channel }).where(eq(orders.id, order.id));
  return { booked: true, orderId: order.id, orderNo: order.orderNo, recharge: order.kind === 'recharge', payNo, channel, request: { ...request, expiresAt: request.expiresAt?.toISOString() ?? null } };
}

/**
 * Asks the gateway to open the booked payment (outside any transaction) and returns where the payer
 * goes. When the gateway refuses, the booking is undone in a second short transaction, as the
 * rollback of one transaction used to: the payment closed, the order as it was before
 * (a rental back to unpaid unless another payment of it is pending; a recharge cancelled), and
 * the idempotency key forgotten, so the same key tries again. A gateway that took the trade all the
 * same and notifies later still pays the order, or the wallet (handlePaymentNotify).
 */
async function openBookedCheckout(db: Db, booked: BookedCheckout, idempotency: IdempotentCall, now: Date): Promise<GatewayCheckout> {
  const gateway = paymentGateway(booked.channel);
  try {
    if (!gateway) throw new Error(`payment channel ${booked.channel} closed`);
    const { expiresAt, ...request } = booked.request;
    const checkout = await gateway.openCheckout({ ...request, ...(expiresAt === null ? {} : { expiresAt: new Date(expiresAt) }) }, { db, now });
    return { order_no: booked.orderNo, pay_no: booked.payNo, checkout_url: checkoutUrlFor(booked.channel, booked.payNo, checkout) };
  } catch (error) {
    log.error('payment gateway refused a checkout', { channel: booked.channel, provider: gateway?.provider, payNo: booked.payNo, error });
    await db.transaction(async (tx) => {
      const [closed] = await tx
        .update(payments)
        .set({ status: 'closed' })
        .where(and(eq(payments.payNo, booked.payNo), eq(payments.status, 'pending')))
        .returning({ id: payments.id });
      if (closed) {
        const pendingLeft = sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} = 'pending')`;
        await tx
          .update(orders)
          .set(booked.recharge ? { status: ORDER_STATUS.cancelled, cancelledAt: now } : { status: ORDER_STATUS.unpaid })
          .where(and(eq(orders.id, booked.orderId), eq(orders.status, ORDER_STATUS.paying), sql`not ${pendingLeft}`));
      }
      await forgetIdempotencyKey(tx, idempotency);
    });
    throw new AppError(1, MSG_GATEWAY_BUSY, 503, { cause: error });
  }
}

/** What a payment's idempotency record holds: the wallet's answer, or a gateway payment booked. */
type PayRecord = { paid: true; order: OrderView } | ({ paid: false } & BookedCheckout) | ({ paid: false } & GatewayCheckout);

export async function payOrder(db: Db, userId: number, body: PayBody, key: string | null, site: SiteUrls, now: Date): Promise<PayResult> {
  const idempotency: IdempotentCall = { userId, scope: 'order.pay', key, request: body };
  const record = await retryingDeadlock(() => withIdempotency(db, idempotency, (tx) => payInTransaction(tx, userId, body, site, now)));
  // Records written before gateway calls left the transaction hold the checkout itself.
  if (record.paid || !('booked' in record)) return record;
  return { paid: false, ...(await openBookedCheckout(db, record, idempotency, now)) };
}

async function payInTransaction(tx: DbTx, userId: number, body: PayBody, site: SiteUrls, now: Date): Promise<PayRecord> {
  const order = await lockOwnOrder(tx, userId, body.order_no);
  assertPayable(order, now);
  // Paying moves the order's window in the exclusion index: one such write per listing at a time.
  if (order.kind === 'rental' && order.listingId !== null) await lockListingWindows(tx, order.listingId);
  if (body.channel === 'wallet') {
    if (order.kind === 'recharge') throw badRequest(MSG_RECHARGE_BY_GATEWAY);
    await debitWallet(tx, order);
    await markOrderPaid(tx, order.id, 'wallet', now);
    return { paid: true, order: await orderViewById(tx, order.id, now) };
  }
  if (order.totalFen === 0) throw badRequest('该订单无需支付，请选择余额支付');
  return { paid: false, ...(await bookGatewayPayment(tx, order, body.channel, site, now)) };
}

/** The wallet pays the order's total; a short balance refuses (409 code 1005) and nothing moves. */
async function debitWallet(tx: DbTx, order: OrderRow): Promise<void> {
  if (order.totalFen <= 0) return;
  await changeBalance(tx, { userId: order.userId, kind: order.kind === 'vip' ? 'vip_pay' : 'order_pay', amountFen: -order.totalFen, refNo: order.orderNo });
}

/**
 * 确认订单 paid from the wallet: the rental booked and paid in one transaction under one
 * idempotency record, so the renter's one click is one round of locks and one commit (issue 27).
 * Nothing is left behind when the balance is short: no order, the envelope unused (409 code 1005).
 * Gateways still go create → pay: a gateway is asked after the commit, and when it refuses, the
 * renter keeps an unpaid order to pay another way.
 */
export async function checkoutOrder(db: Db, userId: number, request: RentalRequestBody, key: string | null, now: Date): Promise<OrderView> {
  return mappingDoubleBooking(() =>
    withIdempotency(db, { userId, scope: 'order.checkout', key, request }, async (tx) => {
      const { order, record } = await bookQuotedRental(tx, userId, request, now, { channel: 'wallet' });
      await debitWallet(tx, order);
      await applyPaidOrder(tx, order, now);
      return toOrderView(record, now);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// recharge

/** The recharge limits, in fen. */
export function checkRechargeFen(fen: number): number {
  if (fen < RECHARGE_MIN_FEN) throw badRequest(`充值金额最少¥${fenToYuanShort(RECHARGE_MIN_FEN)}`);
  if (fen > RECHARGE_MAX_FEN) throw badRequest(`单次充值最多¥${fenToYuanShort(RECHARGE_MAX_FEN)}`);
  return fen;
}

/** A recharge order paid at once through the gateway (spec §6: real-name verification first). */
export async function createRecharge(db: Db, userId: number, body: RechargeBody, key: string | null, site: SiteUrls, now: Date): Promise<GatewayCheckout> {
  const amountFen = checkRechargeFen(body.amount);
  const idempotency: IdempotentCall = { userId, scope: 'recharge', key, request: { amountFen, channel: body.channel } };
  const record = await withIdempotency(db, idempotency, async (tx): Promise<BookedCheckout | GatewayCheckout> => {
    await requireRealName(tx, userId);
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newNumber('recharge', now),
        kind: 'recharge',
        userId,
        originalFen: amountFen,
        payFen: amountFen,
        totalFen: amountFen,
        payDeadline: new Date(now.getTime() + ORDER_PAY_TIMEOUT_MS),
        createdAt: now,
      })
      .returning();
    return bookGatewayPayment(tx, order!, body.channel, site, now);
  });
  // Records written before gateway calls left the transaction hold the checkout itself.
  return 'booked' in record ? openBookedCheckout(db, record, idempotency, now) : record;
}

// ---------------------------------------------------------------------------------------------
// the gateway's asynchronous notify

export type NotifyOutcome = 'success' | 'fail';

/**
 * POST pay/notify/<channel>: the channel's adapter verifies the notify (signature, app and
 * merchant ids) and reports the trade; here the payment must be ours, on this channel, for exactly
 * the amount reported, and it is applied once. Answers `success` for a notify applied now or
 * before (the gateway stops retrying), `fail` for one that is not ours or not genuine.
 */
export async function handlePaymentNotify(db: Db, channel: GatewayChannel, notify: IncomingNotify, now: Date): Promise<NotifyOutcome> {
  const gateway = paymentGateway(channel);
  if (!gateway) {
    log.warn('payment notify refused: channel not open', { channel });
    return 'fail';
  }
  const verdict = await gateway.verifyNotify(notify, { db, now });
  if (!verdict.ok) {
    log.warn('payment notify refused', { channel, provider: gateway.provider, reason: verdict.reason });
    return 'fail';
  }
  // A genuine notify of a trade not paid (yet): acknowledged, nothing to apply.
  if (!verdict.paid) return 'success';
  const { payNo, tradeNo, amountFen } = verdict;
  // Paying the order may meet a racing booking under the exclusion constraint as a deadlock (retry.ts).
  return retryingDeadlock(() => db.transaction(async (tx): Promise<NotifyOutcome> => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.payNo, payNo), eq(payments.channel, channel)))
      .for('update');
    if (!payment) return 'fail';
    if (payment.amountFen !== amountFen) {
      log.warn('payment notify refused: amount differs', { payNo, expected: payment.amountFen, got: amountFen });
      return 'fail';
    }
    await tx.update(payments).set({ notifyCount: sql`${payments.notifyCount} + 1` }).where(eq(payments.id, payment.id));
    if (payment.status === 'paid') return 'success';
    await tx.update(payments).set({ status: 'paid', gatewayTradeNo: tradeNo, paidAt: now }).where(eq(payments.id, payment.id));
    // Paying moves the order's window in the exclusion index (booking.ts lockListingWindows).
    await lockWindowsOfOrder(tx, payment.orderId);
    const paid = await markOrderPaid(tx, payment.orderId, channel, now);
    if (!paid) {
      await changeBalance(tx, { userId: payment.userId, kind: 'pay_surplus', amountFen: payment.amountFen, refNo: payment.payNo });
    }
    return 'success';
  }));
}

/** How the channel's gateway expects to read `outcome` (Alipay: plain success/fail; WeChat v3: 204 or JSON FAIL). */
export function paymentNotifyAnswer(channel: GatewayChannel, outcome: NotifyOutcome, status?: number): NotifyAnswer {
  const answer = paymentGateway(channel)?.notifyAnswer(outcome) ?? plainNotifyAnswer(outcome);
  // A 5xx for a failure on our side, so the gateway retries; a 2xx would read as an answer.
  return status !== undefined && status >= 400 ? { ...answer, status } : answer;
}
