/**
 * Orders as the API shows them (OrderView in features/wallet/client/money.ts; spec §3 Order fields). Money is
 * turned into yuan strings here and only here; what the renter may do next is decided here too,
 * so every screen offers the same actions the server will accept.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { OrderActions, OrderLoginFailure, OrderView, ProductInfo } from '~/features/wallet/contract/money';
import { LOGIN_FAILURE_STATUS_TEXT, compensationFen, reportDeadline, reportRefusal } from '~/features/orders/rules/login-failure';
import { hafuPrepayFen } from '~/features/orders/rules/hafu';
import { fenToYuan } from '~/platform/rules/money';
import { orderStatusText, payStatusCode } from '~/features/orders/rules/order-status';
import { isRentalOption, rentalOptionDef } from '~/features/orders/rules/periods';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { notFound } from '~/platform/http/errors';
import type { ListingDetail } from '~/features/catalog/types';
import { credentialReveals, games, listingReviews, listings, loginFailureCases, orderRenewals, orders, redPackets, vipPlans, type LoginFailureStatus, type OrderRow } from '~/platform/db/schema';

/** Any order number that is not the caller's reads as missing, so order numbers cannot be probed. */
export const MSG_ORDER_NOT_FOUND = '订单不存在';

/** An order row with what its view shows of the listing, the envelope and the plan. */
export interface OrderRecord {
  order: OrderRow;
  listing: { id: number; title: string; imgs: string[]; roleName: string; gameName: string; gameMoney: number; moneyExchangeRate: number | null } | null;
  redPacketName: string | null;
  plan: { id: number; name: string } | null;
  /** The renter's review of the order, if written. */
  reviewId: number | null;
  /** The first time the renter was shown the login details (rentals). */
  firstRevealAt: Date | null;
  renewed: boolean;
  /** The renter's "cannot log in" report of the order, if made. */
  loginFailure: { id: number; status: LoginFailureStatus; createdAt: Date } | null;
}

export async function loadOrderRecords(db: DbOrTx, where: SQL | undefined, paging?: { limit: number; offset: number }): Promise<OrderRecord[]> {
  const query = db
    .select({
      order: orders,
      listingId: listings.id,
      title: listings.title,
      imgs: listings.imgs,
      roleName: listings.roleName,
      gameName: games.name,
      gameMoney: listings.gameMoney,
      moneyExchangeRate: listings.moneyExchangeRate,
      redPacketName: redPackets.name,
      planId: vipPlans.id,
      planName: vipPlans.name,
      reviewId: listingReviews.id,
      firstRevealAt: sql<Date | null>`(select min(${credentialReveals.createdAt}) from ${credentialReveals} where ${credentialReveals.orderId} = ${orders.id} and ${credentialReveals.viewer} = 'renter')`.mapWith(credentialReveals.createdAt),
      renewed: sql<boolean>`exists (select 1 from ${orderRenewals} where ${orderRenewals.orderId} = ${orders.id})`.mapWith(Boolean),
      lfId: loginFailureCases.id,
      lfStatus: loginFailureCases.status,
      lfCreatedAt: loginFailureCases.createdAt,
    })
    .from(orders)
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .leftJoin(games, eq(games.id, listings.gameId))
    .leftJoin(redPackets, eq(redPackets.id, orders.redPacketId))
    .leftJoin(vipPlans, eq(vipPlans.id, orders.vipPlanId))
    .leftJoin(listingReviews, eq(listingReviews.orderNo, orders.orderNo))
    .leftJoin(loginFailureCases, eq(loginFailureCases.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.id));
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query;
  return rows.map((row) => ({
    order: row.order,
    listing:
      row.listingId === null
        ? null
        : {
            id: row.listingId,
            title: row.title!,
            imgs: row.imgs ?? [],
            roleName: row.roleName!,
            gameName: row.gameName ?? '',
            gameMoney: row.gameMoney ?? 0,
            moneyExchangeRate: row.moneyExchangeRate ?? null,
          },
    redPacketName: row.redPacketName,
    plan: row.planId === null ? null : { id: row.planId, name: row.planName! },
    reviewId: row.reviewId,
    firstRevealAt: row.firstRevealAt,
    renewed: row.renewed,
    loginFailure: row.lfId === null ? null : { id: row.lfId, status: row.lfStatus!, createdAt: row.lfCreatedAt! },
  }));
}

/** One order of `userId` by number, or null (someone else's order is "not found" too). */
export async function findOwnOrder(db: DbOrTx, userId: number, orderNo: string): Promise<OrderRecord | null> {
  const [record] = await loadOrderRecords(db, and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  return record ?? null;
}

/** The caller's order, row-locked for the rest of the transaction; 404 for anyone else's. */
export async function lockOwnOrder(tx: DbTx, userId: number, orderNo: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .for('update');
  if (!order) throw notFound(MSG_ORDER_NOT_FOUND);
  return order;
}

/** The view of an order just written (inside its transaction). */
/**
 * The record of a rental just booked, from what the booking read (no read back): nothing has been
 * reviewed, revealed, renewed or reported yet. orders.test compares it with the detail's view.
 */
export function newRentalRecord(order: OrderRow, listing: Pick<ListingDetail, 'id' | 'title' | 'imgs' | 'role_name' | 'game_name' | 'game_money' | 'money_exchange_rate'>, redPacketName: string | null): OrderRecord {
  return {
    order,
    listing: { id: listing.id, title: listing.title, imgs: [...listing.imgs], roleName: listing.role_name, gameName: listing.game_name, gameMoney: listing.game_money, moneyExchangeRate: listing.money_exchange_rate },
    redPacketName,
    plan: null,
    reviewId: null,
    firstRevealAt: null,
    renewed: false,
    loginFailure: null,
  };
}

export async function orderViewById(db: DbOrTx, orderId: number, now: Date): Promise<OrderView> {
  const [record] = await loadOrderRecords(db, eq(orders.id, orderId));
  if (!record) throw new Error(`order ${orderId} missing`);
  return toOrderView(record, now);
}

export async function loadOrderRecordsByIds(db: DbOrTx, ids: number[]): Promise<OrderRecord[]> {
  return ids.length === 0 ? [] : loadOrderRecords(db, inArray(orders.id, ids));
}

/** The listing's hafu-coin prepay in fen, or null for an account without coins. */
export function prepayFenOf(listing: OrderRecord['listing']): number | null {
  if (!listing || listing.gameMoney <= 0) return null;
  return hafuPrepayFen(listing.gameMoney, listing.moneyExchangeRate);
}

/**
 * `withdrawn`: the renter lost the one-click report for abuse (the caller read it once for the
 * page, see loginFailureWithdrawn); the report itself checks it again.
 */
export function orderActions(record: OrderRecord, now: Date, withdrawn = false): OrderActions {
  const { order } = record;
  const unpaid = order.status === ORDER_STATUS.unpaid || order.status === ORDER_STATUS.paying;
  const open = unpaid && order.payDeadline.getTime() > now.getTime();
  const rental = order.kind === 'rental';
  const running = rental && order.status === ORDER_STATUS.paid && order.endsAt !== null && order.endsAt.getTime() > now.getTime();
  const started = running && order.startsAt !== null && order.startsAt.getTime() <= now.getTime();
  return {
    can_pay: open,
    can_cancel: open || running,
    can_renew: running,
    can_complain: rental && order.paidAt !== null,
    can_view_credentials: started,
    can_charge_game_money: running && order.gameMoneyFen === 0 && prepayFenOf(record.listing) !== null,
    can_review: rental && order.status === ORDER_STATUS.finished && record.reviewId === null,
    can_report_login_failure: rental && reportRefusal(loginFailureInput(record, started, withdrawn), now) === null,
  };
}

/** The rule's input from an order record (`withdrawn` is the renter's, read by the report). */
export function loginFailureInput(record: OrderRecord, started: boolean, withdrawn: boolean): Parameters<typeof reportRefusal>[0] {
  const { order } = record;
  return {
    running: started,
    firstRevealAt: record.firstRevealAt,
    renewed: record.renewed,
    gameMoneyFen: order.gameMoneyFen,
    refundableRentFen: order.payFen - order.refundFen,
    withdrawn,
    reported: record.loginFailure !== null,
  };
}

/** What a report gives back now: rent not yet refunded, the deposit not yet returned, unused prepay. */
export function loginFailureRefundFen(order: OrderRow): number {
  return order.payFen - order.refundFen + (order.depositFen - order.depositReturnedFen) + (order.gameMoneyFen - order.refundGameMoneyFen);
}

function loginFailureView(record: OrderRecord): OrderLoginFailure {
  const { order } = record;
  const refundFen = loginFailureRefundFen(order);
  const compFen = compensationFen(order.payFen);
  const deadline = reportDeadline(record.firstRevealAt);
  const made = record.loginFailure;
  return {
    report_until: deadline?.toISOString() ?? null,
    refund: fenToYuan(refundFen),
    refund_fen: refundFen,
    compensation: fenToYuan(compFen),
    compensation_fen: compFen,
    case: made ? { id: made.id, status: made.status, status_text: LOGIN_FAILURE_STATUS_TEXT[made.status], created_at: made.createdAt.toISOString() } : null,
  };
}

function productInfo(listing: NonNullable<OrderRecord['listing']>): ProductInfo {
  const prepay = prepayFenOf(listing);
  return {
    id: listing.id,
    title: listing.title,
    img: listing.imgs[0] ?? null,
    game_name: listing.gameName,
    role_name: listing.roleName,
    is_hafu: prepay !== null,
    hafu_prepay: prepay === null ? null : fenToYuan(prepay),
  };
}

export function toOrderView(record: OrderRecord, now: Date, withdrawn = false): OrderView {
  const { order } = record;
  const option = order.rentalOption !== null && isRentalOption(order.rentalOption) ? order.rentalOption : null;
  return {
    order_no: order.orderNo,
    kind: order.kind,
    order_status: order.status,
    order_status_text: orderStatusText(order.kind, order.status, order.startsAt, now),
    pay_status_code: payStatusCode(order.status),
    rental_id: order.rentalId,
    rental_option: option,
    option_label: option ? rentalOptionDef(option).label : null,
    hours: order.hours,
    bonus_hours: order.bonusHours,
    reserved: order.reserved,
    hire_start_time: order.startsAt?.toISOString() ?? null,
    hire_end_time: order.endsAt?.toISOString() ?? null,
    is_free: order.isFree,
    hire_original_prices: fenToYuan(order.originalFen),
    hire_activity_discount_prices: fenToYuan(order.activityDiscountFen),
    hire_vip_discount_prices: fenToYuan(order.vipDiscountFen),
    hire_coupon_discount_prices: fenToYuan(order.couponDiscountFen),
    hire_real_pay_prices: fenToYuan(order.payFen),
    deposit: fenToYuan(order.depositFen),
    total: fenToYuan(order.totalFen),
    total_fen: order.totalFen,
    hire_game_money_prices: fenToYuan(order.gameMoneyFen),
    hire_refund_game_money_prices: fenToYuan(order.refundGameMoneyFen),
    refund_amount: fenToYuan(order.refundFen),
    deposit_returned: fenToYuan(order.depositReturnedFen),
    red_packet: order.redPacketId !== null && record.redPacketName !== null ? { id: order.redPacketId, name: record.redPacketName } : null,
    pay_channel: order.payChannel,
    pay_deadline: order.payDeadline.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    hire_order_time: order.createdAt.toISOString(),
    productInfo: record.listing ? productInfo(record.listing) : null,
    vip_plan: record.plan && order.vipDays !== null ? { id: record.plan.id, name: record.plan.name, days: order.vipDays } : null,
    review_id: record.reviewId,
    actions: orderActions(record, now, withdrawn),
    login_failure: order.kind === 'rental' ? loginFailureView(record) : null,
  };
}
