/**
 * What each event tells the renter ("Notifications"): the texts, the params and the
 * dedupe keys, in one place, so the services that make events true only call one function inside
 * their own transaction (a rolled-back event writes no notification, a committed one always has
 * its notification). Sweep-driven messages (rental starting, 10 minutes before the end, VIP
 * expiring) are written by `sweepNotifications` with dedupe keys, so several processes sweeping
 * at once write each once. docs/decisions.md "Notifications" lists them.
 */
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { MS_PER_DAY, MS_PER_MINUTE, ORDER_STATUS } from '~/platform/config/constants';
import { fenToYuanShort } from '~/platform/rules/money';
import { formatShanghaiClock, formatShanghaiDate, formatShanghaiMonthDayTime } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx } from '~/platform/db/client';
import { notifications, orders, wallets, type OrderRow } from '~/platform/db/schema';
import { COMPLAINT_LIST_LINK, sellerOrderLink, taskLink } from '~/features/notifications/notification-links';
import { notify, type Notice } from '~/features/notifications/server/notifications';

/** How long before a rental's end the renter is warned ("10 minutes before the end"). */
export const RENTAL_ENDING_NOTICE_MS = 10 * MS_PER_MINUTE;
/**
 * A rental that started longer ago than this gets no "starting" message: after a pause of the
 * sweepers (a deploy) nobody wants news of a start hours ago.
 */
export const RENTAL_STARTING_LOOKBACK_MS = 30 * MS_PER_MINUTE;
/** Days before the VIP end when the renter is warned, once each per expiry date. */
export const VIP_EXPIRING_NOTICE_DAYS = [3, 1] as const;
/** Most rows one sweep step takes: the next sweep (30 s later) takes the rest. */
const SWEEP_BATCH = 500;

const yuan = (fen: number): string => `¥${fenToYuanShort(fen)}`;
const span = (order: Pick<OrderRow, 'startsAt' | 'endsAt'>): string =>
  order.startsAt && order.endsAt ? `${formatShanghaiMonthDayTime(order.startsAt)} 至 ${formatShanghaiMonthDayTime(order.endsAt)}` : '';

// ---------------------------------------------------------------------------------------------
// order events (called inside the transaction that changes the order)

/** markOrderPaid and free orders: the order is paid (or, free, taken). */
export async function notifyOrderPaid(tx: DbOrTx, order: OrderRow, now: Date): Promise<void> {
  const { userId, input } = orderPaidNotice(order, now);
  await notify(tx, userId, input, now);
}

/** What notifyOrderPaid writes, for a caller that writes it with the event's other notices (a rental's owner's). */
export function orderPaidNotice(order: OrderRow, now: Date): Notice {
  const params = { order_no: order.orderNo };
  const dedupeKey = `order_paid:${order.id}`;
  const notice = (title: string, content: string): Notice => ({ userId: order.userId, input: { type: 'order_paid', title, content, params, dedupeKey } });
  if (order.kind === 'vip') return notice('会员开通成功', `您的会员订单 ${order.orderNo} 已支付 ${yuan(order.payFen)}，会员时长增加 ${order.vipDays ?? 0} 天。`);
  if (order.kind === 'recharge') return notice('充值成功', `您的充值订单 ${order.orderNo} 已到账 ${yuan(order.payFen)}，可在钱包余额中查看。`);
  if (order.isFree) return notice('免费租号成功', `您的免费订单 ${order.orderNo} 已生效，租期 ${span(order)}。租期内可在订单详情查看账号信息。`);
  const started = order.startsAt !== null && order.startsAt.getTime() <= now.getTime();
  const tail = started ? '租期已开始，可在订单详情查看账号信息。' : '租期开始后可在订单详情查看账号信息。';
  return notice('订单支付成功', `您的订单 ${order.orderNo} 已支付 ${yuan(order.totalFen)}，租期 ${span(order)}。${tail}`);
}

/** The finish sweep: the rental is over (its deposit, if any, is `notifyDepositReturned`). */
export async function notifyRentalEnded(tx: DbOrTx, order: OrderRow, now: Date): Promise<void> {
  await notify(
    tx,
    order.userId,
    { type: 'rental_ended', title: '租期已结束', content: `您的订单 ${order.orderNo} 租期已结束，账号已收回。欢迎评价本次租号体验。`, params: { order_no: order.orderNo }, dedupeKey: `rental_ended:${order.id}` },
    now,
  );
}

/** Wherever a deposit goes back to the wallet (the finish sweep, an early cancel). */
export async function notifyDepositReturned(tx: DbOrTx, order: Pick<OrderRow, 'id' | 'userId' | 'orderNo'>, depositFen: number, now: Date): Promise<void> {
  if (depositFen <= 0) return;
  await notify(
    tx,
    order.userId,
    {
      type: 'deposit_returned',
      title: '押金已退还',
      content: `您的订单 ${order.orderNo} 的押金 ${yuan(depositFen)} 已退回钱包余额。`,
      params: { order_no: order.orderNo, deposit: fenToYuanShort(depositFen) },
      dedupeKey: `deposit_returned:${order.id}`,
    },
    now,
  );
}

/** A paid rental cancelled early (spec §4 refund table): what came back. */
export async function notifyOrderRefund(tx: DbOrTx, order: Pick<OrderRow, 'id' | 'userId' | 'orderNo'>, refundFen: number, now: Date): Promise<void> {
  const content =
    refundFen > 0
      ? `您的订单 ${order.orderNo} 已取消，退还租金 ${yuan(refundFen)} 已退回钱包余额。`
      : `您的订单 ${order.orderNo} 已取消，按提前取消规则本单无租金退还。`;
  await notify(
    tx,
    order.userId,
    { type: 'order_refund', title: '订单已取消', content, params: { order_no: order.orderNo, refund: fenToYuanShort(refundFen) }, dedupeKey: `order_refund:${order.id}` },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// complaints, withdrawals, red envelopes

async function orderNoOf(tx: DbOrTx, orderId: number): Promise<string | null> {
  const [row] = await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
  return row?.orderNo ?? null;
}

/** The seller answered the renter's complaint (seller-orders answerComplaint). */
export async function notifyComplaintAnswered(tx: DbOrTx, complaint: { id: number; userId: number; orderId: number }, now: Date): Promise<void> {
  const orderNo = await orderNoOf(tx, complaint.orderId);
  await notify(
    tx,
    complaint.userId,
    {
      type: 'complaint_answered',
      title: '投诉有新回复',
      content: `卖家已回复您对订单 ${orderNo ?? ''} 的投诉，请在投诉记录中查看。`,
      params: { ...(orderNo ? { order_no: orderNo } : {}), complaint_id: complaint.id },
    },
    now,
  );
}

/**
 * The platform decided the renter's complaint (the operator console), inside the
 * transaction that closes it. `summary` says what it did with money; `reply` is the written decision.
 * The link opens 我的投诉, where the decision shows.
 */
export async function notifyComplaintDecided(tx: DbOrTx, complaint: { id: number; userId: number; orderId: number }, reply: string, now: Date, summary = ''): Promise<void> {
  const orderNo = await orderNoOf(tx, complaint.orderId);
  const outcome = summary.trim() ? `${summary.trim()}。` : '';
  const answer = reply.trim() ? `处理说明：${reply.trim()}` : '请在投诉记录中查看处理结果。';
  await notify(
    tx,
    complaint.userId,
    {
      type: 'complaint_decided',
      title: '投诉已处理',
      content: `您对订单 ${orderNo ?? ''} 的投诉已处理。${outcome}${answer}`,
      params: { ...(orderNo ? { order_no: orderNo } : {}), complaint_id: complaint.id, link: COMPLAINT_LIST_LINK },
      dedupeKey: `complaint_decided:${complaint.id}`,
    },
    now,
  );
}

/**
 * The listing's owner hears the same decision, with what it costs them. Their link opens 出租订单
 * on that one order, where the decision shows (a seller cannot open the renter's order page).
 */
export async function notifyComplaintDecidedToOwner(
  tx: DbOrTx,
  ownerUserId: number,
  complaint: { id: number; orderNo: string },
  reply: string,
  now: Date,
  summary = '',
): Promise<void> {
  const outcome = summary.trim() ? `${summary.trim()}。` : '';
  await notify(
    tx,
    ownerUserId,
    {
      type: 'complaint_decided',
      title: '租客投诉已处理',
      content: `您的出租订单 ${complaint.orderNo} 收到的投诉已由平台处理。${outcome}处理说明：${reply.trim()}`,
      params: { order_no: complaint.orderNo, complaint_id: complaint.id, link: sellerOrderLink(complaint.orderNo) },
      dedupeKey: `complaint_decided_owner:${complaint.id}`,
    },
    now,
  );
}

// ---------------------------------------------------------------------------------------------
// the wanted board, inside the transaction that writes the offer or accepts it

/** A seller offered a listing on the renter's task; the link opens the task with its offers. */
export async function notifyTaskOffer(
  tx: DbOrTx,
  ownerUserId: number,
  offer: { id: number; taskId: number; listingTitle: string; priceHourFen: number },
  now: Date,
): Promise<void> {
  await notify(
    tx,
    ownerUserId,
    {
      type: 'task_offer',
      title: '求租任务收到新报价',
      content: `您发布的求租任务收到新报价：${offer.listingTitle}，${yuan(offer.priceHourFen)}/小时。`,
      params: { task_id: offer.taskId, offer_id: offer.id, link: taskLink(offer.taskId) },
      dedupeKey: `task_offer:${offer.id}`,
    },
    now,
  );
}

/** The renter accepted the seller's offer, which made an order; the link opens it in 出租订单. */
export async function notifyTaskOfferAccepted(tx: DbOrTx, sellerUserId: number, deal: { offerId: number; orderId: number; orderNo: string }, now: Date): Promise<void> {
  await notify(
    tx,
    sellerUserId,
    {
      type: 'task_offer_accepted',
      title: '报价已被接受',
      content: `租客接受了您的报价，已生成订单 ${deal.orderNo}，租客支付后即开始计时。`,
      params: { order_no: deal.orderNo, offer_id: deal.offerId, link: sellerOrderLink(deal.orderNo) },
      // Per order: a task reopened after an unpaid order may accept the same offer again.
      dedupeKey: `task_offer_accepted:${deal.orderId}`,
    },
    now,
  );
}

/** The payout provider paid a withdrawal out (wallet/server/payouts.ts). */
export async function notifyWithdrawalPaid(tx: DbOrTx, withdrawal: { id: number; userId: number; withdrawNo: string; amountFen: number }, now: Date): Promise<void> {
  await notify(
    tx,
    withdrawal.userId,
    {
      type: 'withdrawal_paid',
      title: '提现已到账',
      content: `您的提现 ${yuan(withdrawal.amountFen)}（单号 ${withdrawal.withdrawNo}）已打款至支付宝账户，请注意查收。`,
      params: { withdraw_no: withdrawal.withdrawNo, amount: fenToYuanShort(withdrawal.amountFen) },
      dedupeKey: `withdrawal:${withdrawal.id}`,
    },
    now,
  );
}

/**
 * A withdrawal refused and its money back in the balance: a finance operator's refusal in the
 * console (services/ops/withdrawals.ts), or later a real payout's failure.
 */
export async function notifyWithdrawalRefused(
  tx: DbOrTx,
  withdrawal: { id: number; userId: number; withdrawNo: string; amountFen: number },
  reason: string,
  now: Date,
): Promise<void> {
  const why = reason.trim() ? `原因：${reason.trim()}。` : '';
  await notify(
    tx,
    withdrawal.userId,
    {
      type: 'withdrawal_refused',
      title: '提现未通过',
      content: `您的提现 ${yuan(withdrawal.amountFen)}（单号 ${withdrawal.withdrawNo}）未通过，金额已退回钱包余额。${why}`,
      params: { withdraw_no: withdrawal.withdrawNo, amount: fenToYuanShort(withdrawal.amountFen) },
      dedupeKey: `withdrawal:${withdrawal.id}`,
    },
    now,
  );
}

/**
 * The payout provider refused a withdrawal's transfer and its money is back in the balance
 * (wallet/server/payouts.ts). Filed with the refusals (kind withdrawal_refused): to the user both
 * mean "not paid, money back, here is why".
 */
export async function notifyWithdrawalFailed(
  tx: DbOrTx,
  withdrawal: { id: number; userId: number; withdrawNo: string; amountFen: number },
  reason: string,
  now: Date,
): Promise<void> {
  await notify(
    tx,
    withdrawal.userId,
    {
      type: 'withdrawal_refused',
      title: '提现打款失败',
      content: `您的提现 ${yuan(withdrawal.amountFen)}（单号 ${withdrawal.withdrawNo}）打款失败，金额已退回钱包余额。原因：${reason.trim()}。`,
      params: { withdraw_no: withdrawal.withdrawNo, amount: fenToYuanShort(withdrawal.amountFen) },
      dedupeKey: `withdrawal:${withdrawal.id}`,
    },
    now,
  );
}

/** Envelopes given (a new account's welcome set, a gold exchange): one message per grant. */
export async function notifyRedPacketsReceived(tx: DbOrTx, userId: number, names: readonly string[], now: Date): Promise<void> {
  if (names.length === 0) return;
  await notify(tx, userId, { type: 'red_packet', title: RED_PACKET_RECEIVED_TITLE, content: redPacketsReceivedText(names), params: { count: names.length } }, now);
}

export const RED_PACKET_RECEIVED_TITLE = '红包到账';

/** The 红包到账 message's text (also written by the console's campaign grants, fanned out in SQL). */
export function redPacketsReceivedText(names: readonly string[]): string {
  const list = names.length <= 3 ? names.join('、') : `${names.slice(0, 3).join('、')} 等`;
  return `您获得了 ${names.length} 个红包：${list}，可在「我的红包」中查看，下单时可抵扣。`;
}

export const FREE_COUPON_RECEIVED_TITLE = '免费租号券到账';

/** The 免费租号券到账 message's text (a free-rental coupon is no money off: it pays free play in the free zone). */
export function freeCouponsReceivedText(names: readonly string[]): string {
  const list = names.length <= 3 ? names.map((name) => `「${name}」`).join('、') : `${names.slice(0, 3).map((name) => `「${name}」`).join('、')} 等`;
  return `您获得了 ${names.length} 张免费租号券：${list}，可在免费专区免费玩，每张用一次，请在有效期内使用（「我的红包」中可查看）。`;
}

/** 免费租号券到账: free-rental coupons were given to the user. */
export async function notifyFreeCouponsReceived(tx: DbOrTx, userId: number, names: readonly string[], now: Date): Promise<void> {
  if (names.length === 0) return;
  await notify(tx, userId, { type: 'red_packet', title: FREE_COUPON_RECEIVED_TITLE, content: freeCouponsReceivedText(names), params: { count: names.length } }, now);
}

// ---------------------------------------------------------------------------------------------
// the sweep (money-sweep.ts, every ORDER_SWEEP_INTERVAL_MS in every process)

export interface NotificationSweepResult {
  starting: number;
  ending: number;
  vipExpiring: number;
}

/**
 * Reads candidates that have no message yet, then writes each with its dedupe key: two processes
 * reading the same candidate both insert, and the unique (user_id, dedupe_key) keeps one (the
 * second waits for the first's commit and then does nothing). No lock is held between the steps.
 */
export async function sweepNotifications(db: Db, now: Date): Promise<NotificationSweepResult> {
  return {
    starting: await sweepRentalStarting(db, now),
    ending: await sweepRentalEnding(db, now),
    vipExpiring: await sweepVipExpiring(db, now),
  };
}

const noMessage = (key: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${notifications} n where n.user_id = ${orders.userId} and n.dedupe_key = ${key})`;

/** A paid reservation whose start has come: the account details are now readable. */
async function sweepRentalStarting(db: Db, now: Date): Promise<number> {
  const key = sql`'rental_starting:' || ${orders.id}`;
  const due = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'rental'),
        eq(orders.status, ORDER_STATUS.paid),
        eq(orders.reserved, true),
        gt(orders.endsAt, now),
        lte(orders.startsAt, now),
        gt(orders.startsAt, new Date(now.getTime() - RENTAL_STARTING_LOOKBACK_MS)),
        noMessage(key),
      ),
    )
    .limit(SWEEP_BATCH);
  let written = 0;
  for (const order of due) {
    const id = await notify(
      db,
      order.userId,
      {
        type: 'rental_starting',
        title: '租期已开始',
        content: `您预约的订单 ${order.orderNo} 租期已开始（至 ${formatShanghaiMonthDayTime(order.endsAt!)}），现在可以在订单详情查看账号信息。`,
        params: { order_no: order.orderNo },
        dedupeKey: `rental_starting:${order.id}`,
      },
      now,
    );
    if (id !== null) written += 1;
  }
  return written;
}

/** A running rental ending within 10 minutes; keyed by its end, so a renewed rental is warned again. */
async function sweepRentalEnding(db: Db, now: Date): Promise<number> {
  const key = sql`'rental_ending:' || ${orders.id} || ':' || (extract(epoch from ${orders.endsAt})::bigint)::text`;
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.paid), gt(orders.endsAt, now), lte(orders.endsAt, new Date(now.getTime() + RENTAL_ENDING_NOTICE_MS)), noMessage(key)))
    .limit(SWEEP_BATCH);
  let written = 0;
  for (const order of due) {
    const endsAt = order.endsAt!;
    const minutes = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / MS_PER_MINUTE));
    const id = await notify(
      db,
      order.userId,
      {
        type: 'rental_ending',
        title: '租期即将结束',
        content: `您的订单 ${order.orderNo} 将于 ${formatShanghaiClock(endsAt)} 到期（约 ${minutes} 分钟后），如需继续使用请及时续租。`,
        params: { order_no: order.orderNo, ends_at: endsAt.toISOString() },
        dedupeKey: `rental_ending:${order.id}:${Math.floor(endsAt.getTime() / 1000)}`,
      },
      now,
    );
    if (id !== null) written += 1;
  }
  return written;
}

/** Which warning (3 or 1 days) an expiry `msLeft` away is due for, or null. */
export function vipNoticeDay(msLeft: number): number | null {
  if (msLeft <= 0) return null;
  let due: number | null = null;
  for (const days of VIP_EXPIRING_NOTICE_DAYS) if (msLeft <= days * MS_PER_DAY) due = days;
  return due;
}

/** VIP ending within 3 days: warned at 3 days and at 1 day, once each per expiry date. */
async function sweepVipExpiring(db: Db, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + Math.max(...VIP_EXPIRING_NOTICE_DAYS) * MS_PER_DAY);
  const due = await db
    .select({ userId: wallets.userId, vipExpiresAt: wallets.vipExpiresAt })
    .from(wallets)
    .where(and(gt(wallets.vipExpiresAt, now), lte(wallets.vipExpiresAt, horizon)))
    .limit(SWEEP_BATCH * 4);
  const candidates = due.flatMap((row) => {
    const day = vipNoticeDay(row.vipExpiresAt!.getTime() - now.getTime());
    return day === null ? [] : [{ ...row, day, key: `vip_expiring:${formatShanghaiDate(row.vipExpiresAt!)}:${day}` }];
  });
  if (candidates.length === 0) return 0;
  // Skip the ones already written without a write each (the sweep runs every 30 s).
  const present = await db
    .select({ userId: notifications.userId, key: notifications.dedupeKey })
    .from(notifications)
    .where(and(inArray(notifications.userId, candidates.map((row) => row.userId)), inArray(notifications.dedupeKey, candidates.map((row) => row.key))));
  const seen = new Set(present.map((row) => `${row.userId}|${row.key}`));
  let written = 0;
  for (const row of candidates) {
    if (seen.has(`${row.userId}|${row.key}`)) continue;
    const expires = formatShanghaiDate(row.vipExpiresAt!);
    const id = await notify(
      db,
      row.userId,
      {
        type: 'vip_expiring',
        title: '会员即将到期',
        content: `您的会员将于 ${expires} ${formatShanghaiClock(row.vipExpiresAt!)} 到期${row.day === 1 ? '（不足 1 天）' : `（不足 ${row.day} 天）`}，续费后可继续享受租号折扣。`,
        params: { expires_at: row.vipExpiresAt!.toISOString() },
        dedupeKey: row.key,
      },
      now,
    );
    if (id !== null) written += 1;
  }
  return written;
}

/** The title of the in-site notice after a security change (account/server/reauth.ts). */
export const ACCOUNT_SECURITY_TITLE = '账号安全提醒';

/**
 * A password, phone, email, pay password or payout account changed: the user hears of it in the
 * site whatever else reaches them, so a change made with a stolen session is seen on the next
 * visit. `what` names the change (修改了登录密码).
 */
export async function notifyAccountSecurity(tx: DbOrTx, userId: number, input: { kind: string; text: string }, now: Date): Promise<void> {
  await notify(
    tx,
    userId,
    {
      type: 'account_security',
      title: ACCOUNT_SECURITY_TITLE,
      content: input.text,
      params: { change: input.kind },
    },
    now,
  );
}
