/**
 * Renting: the server's quote, order creation, and reading orders back.
 *
 * The price is quoteRental (features/orders/rules/quote.ts), the same function the picker shows, fed with
 * what only the server knows for sure: the listing now, the user's VIP status and usable red
 * envelopes. Creation needs real-name verification (spec §6), claims the chosen envelope and
 * inserts the order in one transaction; the exclusion constraint orders_no_double_booking is
 * what finally refuses a taken window (23P01 → 409 该账号此时段已被租用), so two renters racing
 * for one window can never both win, on any number of processes.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { ORDER_PAY_TIMEOUT_MS, ORDER_STATUS, RED_PACKET_STATUS } from '~/platform/config/constants';
import { type OrderInfo, type OrderQuote, type OrderView, type Page, type RentalRequest, type UsableRedPacket } from '~/features/wallet/contract/money';
import type { ListingDetail } from '~/features/catalog/types';
import { couponDiscountFen, couponLabel, type Coupon } from '~/features/orders/rules/coupon';
import { fenToYuan } from '~/platform/rules/money';
import { ORDER_LIST_FILTERS } from '~/features/orders/rules/order-status';
import { RENTAL_OPTIONS, rentalOptionDef, type RentalOption } from '~/features/orders/rules/periods';
import { quoteRental, type RentalQuote } from '~/features/orders/rules/quote';
import type { OrderListQueryInput, RentalRequestBody } from '~/features/orders/wire';
import { bookListing, mappingDoubleBooking, renterAccountColumns, type RenterAccount } from '~/features/orders/server/booking';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { orders, redPackets, users, wallets, type OrderRow } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { getListingDetail } from '~/features/catalog/server';
import { withIdempotency } from '~/platform/db/idempotency';
import { MSG_ORDER_NOT_FOUND, findOwnOrder, loadOrderRecords, newRentalRecord, toOrderView, type OrderRecord } from '~/features/orders/server/order-view';
import { loginFailureWithdrawn } from '~/features/orders/server/login-failure';

export { MSG_ORDER_NOT_FOUND };
import { isEnvelope, isVipAt } from '~/features/wallet/server';

export const MSG_RED_PACKET_UNUSABLE = '该红包不可用于此订单';

export function rentalOptionOf(request: Pick<RentalRequest, 'rental_id' | 'option'>): RentalOption {
  if (request.option) {
    const def = rentalOptionDef(request.option);
    if (request.rental_id !== undefined && request.rental_id !== def.rentalId) throw badRequest('租赁方式与租赁类型不符');
    return request.option;
  }
  if (request.rental_id === undefined) throw badRequest('请选择租赁方式');
  const matching = RENTAL_OPTIONS.filter((def) => def.rentalId === request.rental_id);
  if (matching.length !== 1) throw badRequest('请选择场次（早场、午场或夜场）');
  return matching[0]!.option;
}

interface EnvelopeRow {
  id: number;
  name: string;
  coupon: Coupon;
}

/** What the quote needs of the buyer, read in one statement: the wallet, usable envelopes, and the renter checks' account. */
interface Buyer {
  /** Undefined when the user is gone. */
  account: RenterAccount | undefined;
  balanceFen: number;
  vipExpiresAt: Date | null;
  envelopes: EnvelopeRow[];
}

interface EnvelopeJson {
  id: number;
  name: string;
  type: number;
  min: number;
  pct: number | null;
  maxFen: number | null;
  fen: number | null;
}

/**
 * The renter's side of a quote in one read: the wallet, the usable envelopes, and the account the
 * booking's renter checks need (renterAccountColumns), so booking a quoted rental reads the renter once.
 */
async function readBuyer(db: DbOrTx, userId: number, now: Date): Promise<Buyer> {
  const usable = db
    .select({
      list: sql`coalesce(json_agg(json_build_object('id', ${redPackets.id}, 'name', ${redPackets.name}, 'type', ${redPackets.type}, 'min', ${redPackets.minOrderAmountFen}, 'pct', ${redPackets.discountPercentage}, 'maxFen', ${redPackets.maxDiscountAmountFen}, 'fen', ${redPackets.discountAmountFen}) order by ${redPackets.id}), '[]'::json)`,
    })
    .from(redPackets)
    .where(and(eq(redPackets.userId, userId), eq(redPackets.status, RED_PACKET_STATUS.unused), gt(redPackets.expiresAt, now), isEnvelope()));
  const [row] = await db
    .select({
      ...renterAccountColumns(userId),
      balanceFen: wallets.balanceFen,
      vipExpiresAt: wallets.vipExpiresAt,
      envelopes: sql<EnvelopeJson[]>`(${usable})`,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId));
  return {
    account: row ? { isRealName: row.isRealName, createdAt: row.createdAt, hasFinishedRental: row.hasFinishedRental } : undefined,
    balanceFen: row?.balanceFen ?? 0,
    vipExpiresAt: row?.vipExpiresAt ?? null,
    envelopes: (row?.envelopes ?? []).map((envelope) => ({
      id: envelope.id,
      name: envelope.name,
      coupon: {
        id: envelope.id,
        type: envelope.type,
        min_order_amount_fen: envelope.min,
        discount_percentage: envelope.pct,
        max_discount_amount_fen: envelope.maxFen,
        discount_amount_fen: envelope.fen,
      },
    })),
  };
}

export interface ServerQuote {
  listing: ListingDetail;
  quote: RentalQuote;
  envelope: EnvelopeRow | null;
  usable: UsableRedPacket[];
  isVip: boolean;
  vipSavingFen: number;
  balanceFen: number;
  isRealName: boolean;
}

/**
 * The quote for this user now; RangeErrors of the rules become 400 with their Chinese text.
 * `buyer`: the renter as the caller read them already (booking reads them before holding the listing).
 */
export async function quoteFor(db: DbOrTx, userId: number, request: RentalRequestBody, now: Date, buyer?: Buyer): Promise<ServerQuote> {
  const option = rentalOptionOf(request);
  const listing = await getListingDetail(db as Db, request.account_id, now);
  // One after another: inside a transaction `db` is a single connection (pg queues, then refuses, overlapping queries).
  buyer ??= await readBuyer(db, userId, now);
  const envelopes = buyer.envelopes;
  const isVip = isVipAt(buyer.vipExpiresAt, now);
  const reserved = request.reserved === true;
  const price = (vip: boolean, coupons: Coupon[]): RentalQuote => {
    try {
      return quoteRental({ listing, option, hours: request.hours, now, isVip: vip, coupons, reserved });
    } catch (error) {
      if (error instanceof RangeError) throw badRequest(error.message, { cause: error });
      throw error;
    }
  };
  // Envelopes apply to what is left after the activity and VIP discounts (quote.ts).
  const beforeCoupon = price(isVip, []);
  const afterVipFen = beforeCoupon.payFen;
  const usable = envelopes
    .map((envelope) => ({ envelope, discountFen: couponDiscountFen(envelope.coupon, afterVipFen) }))
    .filter((candidate) => candidate.discountFen > 0)
    .sort((a, b) => b.discountFen - a.discountFen || a.envelope.id - b.envelope.id);
  let chosen: EnvelopeRow | null;
  if (request.red_packet_id === null) chosen = null;
  else if (request.red_packet_id === undefined) chosen = usable[0]?.envelope ?? null;
  else {
    chosen = usable.find((candidate) => candidate.envelope.id === request.red_packet_id)?.envelope ?? null;
    if (!chosen) throw badRequest(MSG_RED_PACKET_UNUSABLE);
  }
  const quote = chosen ? price(isVip, [chosen.coupon]) : beforeCoupon;
  const vipSavingFen = !isVip && listing.is_use_vip_discount ? price(true, []).vipDiscountFen : 0;
  return {
    listing,
    quote,
    envelope: chosen,
    usable: usable.map(({ envelope, discountFen }) => ({
      id: envelope.id,
      name: envelope.name,
      label: couponLabel(envelope.coupon),
      discount: fenToYuan(discountFen),
      discount_fen: discountFen,
    })),
    isVip,
    vipSavingFen,
    balanceFen: buyer.balanceFen,
    isRealName: buyer.account?.isRealName ?? false,
  };
}

export function toQuoteView(server: ServerQuote): OrderQuote {
  const { quote } = server;
  return {
    rental_id: quote.rentalId,
    rental_option: quote.option,
    option_label: rentalOptionDef(quote.option).label,
    hours: quote.hours,
    bonus_hours: quote.bonusHours,
    reserved: quote.reserved,
    starts_at: quote.startsAt.toISOString(),
    ends_at: quote.endsAt.toISOString(),
    original: fenToYuan(quote.baseFen),
    activity_discount: fenToYuan(quote.activityDiscountFen),
    vip_discount: fenToYuan(quote.vipDiscountFen),
    coupon_discount: fenToYuan(quote.couponDiscountFen),
    pay: fenToYuan(quote.payFen),
    deposit: fenToYuan(quote.depositFen),
    total: fenToYuan(quote.totalFen),
    total_fen: quote.totalFen,
    red_packet: server.usable.find((candidate) => candidate.id === server.envelope?.id) ?? null,
    usable_red_packets: server.usable,
    is_vip: server.isVip,
    vip_saving_fen: server.vipSavingFen,
    balance_fen: server.balanceFen,
    is_real_name: server.isRealName,
  };
}

/**
 * Books the rental `request` describes inside `tx` at the server's quote, claiming the chosen
 * envelope; `paid` (the one-step wallet checkout) inserts it paid rather than unpaid, so paying
 * costs no second write of the row.
 */
export async function bookQuotedRental(tx: DbTx, userId: number, request: RentalRequestBody, now: Date, paid?: { channel: 'wallet' }): Promise<BookedRental> {
  let quoted: ServerQuote | null = null;
  // One read of the renter serves the booking's renter checks and the quote. It comes before the
  // listing is held, so it sees the envelopes the quote the renter was shown saw (an envelope
  // that expiring this listing's stale unpaid orders gives back is usable from the next order on).
  const buyer = await readBuyer(tx, userId, now);
  const order = await bookListing(tx, userId, request.account_id, now, {
    reserved: request.reserved === true,
    renter: buyer.account,
    read: async (tx) => (quoted = await quoteFor(tx, userId, request, now, buyer)),
    order: async ({ quote, envelope }) => {
      if (envelope) await claimEnvelope(tx, userId, envelope.id, now);
      return {
        ...(paid ? { status: ORDER_STATUS.paid, paidAt: now, payChannel: paid.channel } : { status: ORDER_STATUS.unpaid }),
        rentalId: quote.rentalId,
        rentalOption: quote.option,
        hours: quote.hours,
        bonusHours: quote.bonusHours,
        reserved: quote.reserved,
        startsAt: quote.startsAt,
        endsAt: quote.endsAt,
        originalFen: quote.baseFen,
        activityDiscountFen: quote.activityDiscountFen,
        vipDiscountFen: quote.vipDiscountFen,
        redPacketId: envelope?.id ?? null,
        couponDiscountFen: quote.couponDiscountFen,
        payFen: quote.payFen,
        depositFen: quote.depositFen,
        totalFen: quote.totalFen,
        payDeadline: new Date(now.getTime() + ORDER_PAY_TIMEOUT_MS),
      };
    },
  });
  // bookListing inserts only after read() returned.
  const { listing, envelope } = quoted!;
  return { order, record: newRentalRecord(order, listing, envelope?.name ?? null) };
}

/** A rental just booked: its row, and its record as the order view shows it (no read back). */
export interface BookedRental {
  order: OrderRow;
  record: OrderRecord;
}

export async function createOrder(db: Db, userId: number, request: RentalRequestBody, key: string | null, now: Date): Promise<OrderView> {
  return mappingDoubleBooking(() =>
    withIdempotency(db, { userId, scope: 'order.create', key, request }, async (tx) => {
      return toOrderView((await bookQuotedRental(tx, userId, request, now)).record, now);
    }),
  );
}

/** The envelope an order uses is the user's and unused, or the order is refused (409). */
async function claimEnvelope(tx: DbTx, userId: number, envelopeId: number, now: Date): Promise<void> {
  const claimed = await tx
    .update(redPackets)
    .set({ status: RED_PACKET_STATUS.used, usedAt: now })
    .where(and(eq(redPackets.id, envelopeId), eq(redPackets.userId, userId), eq(redPackets.status, RED_PACKET_STATUS.unused), isEnvelope()))
    .returning({ id: redPackets.id });
  if (claimed.length === 0) throw conflict(MSG_RED_PACKET_UNUSABLE);
}

// ---------------------------------------------------------------------------------------------
// reading

export async function getOwnOrderView(db: DbOrTx, userId: number, orderNo: string, now: Date): Promise<OrderView> {
  const record = await findOwnOrder(db, userId, orderNo);
  if (!record) throw notFound(MSG_ORDER_NOT_FOUND);
  return toOrderView(record, now, await loginFailureWithdrawn(db, userId, [record], now));
}

/** spec §7 "GET order info": data.order_status, for /pay-result. */
export async function getOrderInfo(db: DbOrTx, userId: number, orderNo: string, now: Date): Promise<OrderInfo> {
  const view = await getOwnOrderView(db, userId, orderNo, now);
  return {
    order_no: view.order_no,
    kind: view.kind,
    order_status: view.order_status,
    order_status_text: view.order_status_text,
    pay_status_code: view.pay_status_code,
  };
}

/** The user's rental orders, newest first, by the /account/order filter. */
export async function listOrders(db: DbOrTx, userId: number, query: OrderListQueryInput, now: Date): Promise<Page<OrderView>> {
  const statuses = ORDER_LIST_FILTERS.find((filter) => filter.key === query.filter)?.statuses ?? null;
  const where = and(eq(orders.userId, userId), eq(orders.kind, 'rental'), statuses ? inArray(orders.status, [...statuses]) : undefined);
  const [records, [total]] = await Promise.all([
    loadOrderRecords(db, where, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const withdrawn = await loginFailureWithdrawn(db, userId, records, now);
  return { list: records.map((record) => toOrderView(record, now, withdrawn)), total: total?.value ?? 0, page: query.page, page_size: query.page_size };
}
