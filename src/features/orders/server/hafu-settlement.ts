/**
 * Hafu-coin settlement (issue 26 part 2; docs/decisions.md "Hafu-coin settlement"; the rule is
 * orders/rules/hafu-settlement.ts). The prepay a renter pays for a hafu-coin account's coins is
 * the renter's money passing through: it is held from the charge until the coins left at the end
 * are known, then the used coins go to the owner (ledger hafu_settle, no commission) and the rest
 * back to the renter (hafu_refund), both with ref = the order number.
 *
 * - The charge records the start: the listing's coins and rate then (`recordHafuStart`).
 * - The rental's end (the finish sweep, an early cancel) leaves the prepay held (`endHafuPrepay`).
 * - The renter reports the coins left (`reportHafuCoins`), the owner accepts or disputes
 *   (`answerHafuReport`), an operator settles a dispute (`resolveHafuDispute`), and the money
 *   sweep applies the silent-side defaults (`sweepHafuSettlements`).
 *
 * Exactly once: every path locks the settlement row first (then the order row, then wallets in
 * user-id order), re-reads its stage under the lock, and moves it to 'settled' with a guarded
 * update in the same transaction as the ledger rows; (kind, ref) is unique in the ledger as well.
 */
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { MS_PER_HOUR, ORDER_STATUS } from '~/platform/config/constants';
import { HAFU_ANSWER_WINDOW_HOURS, HAFU_REPORT_WINDOW_HOURS } from '~/features/orders/constants';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { hafuSettlements, listings, orders, shops, type HafuSettlementRow, type OrderRow } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { fenToYuan, fenToYuanShort } from '~/platform/rules/money';
import { formatShanghaiMonthDayTime } from '~/platform/rules/shanghai-time';
import { ownUploadUrls } from '~/platform/db/uploads';
import type { Page } from '~/platform/wire/common';
import {
  HAFU_DECIDER_TEXT,
  HAFU_STAGE_TEXT,
  answerDeadline,
  canAnswer,
  canReport,
  hafuDue,
  hafuSplit,
  reportDeadline,
  type HafuDecider,
  type HafuState,
} from '~/features/orders/rules/hafu-settlement';
import type { HafuSettlementView, OpsHafuDispute } from '~/features/orders/hafu-contract';
import { MSG_ORDER_NOT_FOUND } from '~/features/orders/server/order-view';
import { changeBalance, type BalanceChange } from '~/features/wallet/server';
import { notify } from '~/features/notifications/server';
import { notifyHafuReported, notifyHafuSettledToOwner } from '~/features/sellers/server';
import { writeAudit, type OperatorActor } from '~/features/console/server';

export const MSG_NO_HAFU = '该订单没有哈夫币预充';
export const MSG_HAFU_NOT_ENDED = '租期结束后才能报告剩余哈夫币';
export const MSG_HAFU_REPORTED = '已报告过剩余哈夫币';
export const MSG_HAFU_REPORT_LATE = '已超过报告期限，系统已按规则结算';
export const MSG_HAFU_NOT_ANSWERABLE = '当前无需确认，或已超过确认期限';
export const MSG_HAFU_NOT_DISPUTED = '该订单的哈夫币结算不在争议中';
export const MSG_HAFU_SAME_COUNT = '您填写的数量与租客报告相同，请直接确认';
export const MSG_HAFU_EVIDENCE_NEEDED = '提出异议需填写剩余数量和说明';
export const MSG_HAFU_IMAGE_INVALID = '图片无效，请重新上传';

const ENDED = [ORDER_STATUS.finished, ORDER_STATUS.cancelled] as const;

function endedAtOf(order: Pick<OrderRow, 'status' | 'finishedAt' | 'cancelledAt'>): Date | null {
  if (order.status === ORDER_STATUS.finished) return order.finishedAt;
  if (order.status === ORDER_STATUS.cancelled) return order.cancelledAt;
  return null;
}

function stateOf(row: HafuSettlementRow, order: OrderRow): HafuState {
  return { stage: row.stage, endedAt: endedAtOf(order), reportedAt: row.reportedAt, renterCoins: row.renterCoins };
}

// ---------------------------------------------------------------------------------------------
// start and end (called by order-lifecycle.ts)

/**
 * The charge of the prepay records the coins and the rate it was priced at, and who owns the
 * account then: the count the renter's report is measured against. Same transaction as the charge.
 */
export async function recordHafuStart(tx: DbTx, order: OrderRow, listing: { gameMoney: number; moneyExchangeRate: number | null }, prepayFen: number, now: Date): Promise<void> {
  const [shop] = await tx.select({ ownerUserId: shops.ownerUserId }).from(shops).where(eq(shops.id, order.shopId!));
  if (!shop || listing.moneyExchangeRate === null) throw new Error(`hafu start: order ${order.orderNo} has no shop or rate`);
  await tx.insert(hafuSettlements).values({
    orderId: order.id,
    ownerUserId: shop.ownerUserId,
    startCoins: listing.gameMoney,
    rate: listing.moneyExchangeRate,
    prepayFen,
    createdAt: now,
  });
}

/**
 * The rental has ended (status and end time already written in `tx`): the prepay stays held for
 * the settlement, and the renter is asked to report. A prepay charged before settlements existed
 * (no row) is refunded whole, as it was then. Returns the fen given back now.
 */
export async function endHafuPrepay(tx: DbTx, order: OrderRow, now: Date): Promise<number> {
  const heldFen = order.gameMoneyFen - order.refundGameMoneyFen;
  if (heldFen <= 0) return 0;
  const [row] = await tx.select().from(hafuSettlements).where(eq(hafuSettlements.orderId, order.id));
  if (!row) {
    await tx.update(orders).set({ refundGameMoneyFen: order.gameMoneyFen }).where(eq(orders.id, order.id));
    await changeBalance(tx, { userId: order.userId, kind: 'hafu_refund', amountFen: heldFen, refNo: order.orderNo });
    return heldFen;
  }
  // A reservation cancelled before its start: the renter never had the account, so no coin was
  // used and there is nothing to report. Settled now, all back.
  const endedAt = endedAtOf(order);
  if (order.startsAt && endedAt && endedAt.getTime() <= order.startsAt.getTime()) {
    const changes = await settleLocked(tx, row, order, row.startCoins, 'refunded', now);
    await applyChanges(tx, changes);
    return changes.reduce((sum, change) => sum + change.amountFen, 0);
  }
  await notify(
    tx,
    order.userId,
    {
      type: 'hafu_settlement',
      title: '请报告剩余哈夫币',
      content: `订单 ${order.orderNo} 已结束。请在 ${formatShanghaiMonthDayTime(reportDeadline(now))} 前在我的订单中报告账号剩余哈夫币：未使用部分的预充款退还给您，逾期未报告按全部使用结算。`,
      params: { order_no: order.orderNo },
      dedupeKey: `hafu_report_asked:${order.id}`,
    },
    now,
  );
  return 0;
}

// ---------------------------------------------------------------------------------------------
// settling

/**
 * Settles the locked row at `endCoins`: the split written, the order's refunded prepay raised, and
 * the balance changes returned for the caller to apply (with other rows', in user-id order).
 * A second call finds the stage settled and does nothing (the guarded update).
 */
async function settleLocked(
  tx: DbTx,
  row: HafuSettlementRow,
  order: OrderRow,
  endCoins: number,
  decidedBy: HafuDecider,
  now: Date,
  operator: { operatorId: number; text: string } | null = null,
): Promise<BalanceChange[]> {
  const split = hafuSplit({ startCoins: row.startCoins, endCoins, rate: row.rate, prepayFen: order.gameMoneyFen, alreadyRefundedFen: order.refundGameMoneyFen });
  const [done] = await tx
    .update(hafuSettlements)
    .set({
      stage: 'settled',
      finalCoins: endCoins,
      decidedBy,
      ownerFen: split.ownerFen,
      renterFen: split.renterFen,
      settledAt: now,
      ...(operator ? { operatorId: operator.operatorId, operatorText: operator.text } : {}),
    })
    .where(and(eq(hafuSettlements.orderId, row.orderId), sql`${hafuSettlements.stage} <> 'settled'`))
    .returning({ orderId: hafuSettlements.orderId });
  if (!done) return [];
  if (split.renterFen > 0) await tx.update(orders).set({ refundGameMoneyFen: sql`${orders.refundGameMoneyFen} + ${split.renterFen}` }).where(eq(orders.id, order.id));
  const changes: BalanceChange[] = [];
  if (split.ownerFen > 0) changes.push({ userId: row.ownerUserId, kind: 'hafu_settle', amountFen: split.ownerFen, refNo: order.orderNo });
  if (split.renterFen > 0) changes.push({ userId: order.userId, kind: 'hafu_refund', amountFen: split.renterFen, refNo: order.orderNo });
  if (row.prepayFen > 0 && decidedBy !== 'refunded') {
    await notifyHafuSettledToOwner(tx, row.ownerUserId, { orderId: order.id, orderNo: order.orderNo, usedCoins: split.usedCoins, ownerFen: split.ownerFen }, now);
    await notify(
      tx,
      order.userId,
      {
        type: 'hafu_settlement',
        title: '哈夫币已结算',
        content: `订单 ${order.orderNo} 的哈夫币已结算（${HAFU_DECIDER_TEXT[decidedBy]}）：使用 ${split.usedCoins.toLocaleString('zh-CN')} 个，${split.renterFen > 0 ? `¥${fenToYuanShort(split.renterFen)} 已退回钱包余额` : '无退款'}。`,
        params: { order_no: order.orderNo },
        dedupeKey: `hafu_settled_renter:${order.id}`,
      },
      now,
    );
  }
  return changes;
}

async function applyChanges(tx: DbTx, changes: BalanceChange[]): Promise<void> {
  // Wallet rows in one order (by user id) in every transaction that credits two: a settlement
  // crediting owner then renter and another crediting renter then owner would deadlock.
  const sorted = [...changes].sort((a, b) => a.userId - b.userId || a.kind.localeCompare(b.kind));
  for (const change of sorted) await changeBalance(tx, change);
}

/** The settlement row of an order, locked, and then the order row, locked (the one lock order). */
async function lockByOrderNo(tx: DbTx, orderNo: string): Promise<{ row: HafuSettlementRow; order: OrderRow } | null> {
  const [found] = await tx
    .select({ row: hafuSettlements })
    .from(hafuSettlements)
    .innerJoin(orders, eq(orders.id, hafuSettlements.orderId))
    .where(eq(orders.orderNo, orderNo))
    .for('update', { of: hafuSettlements });
  if (!found) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.row.orderId)).for('update');
  return order ? { row: found.row, order } : null;
}

// ---------------------------------------------------------------------------------------------
// views

function toView(row: HafuSettlementRow, order: OrderRow, now: Date, viewer: 'renter' | 'owner' | 'operator'): HafuSettlementView {
  const state = stateOf(row, order);
  const settled = row.stage === 'settled';
  const endedAt = state.endedAt;
  const ownerAnswer = row.answeredAt === null ? null : row.ownerCoins === null ? 'accept' : 'dispute';
  return {
    order_no: order.orderNo,
    stage: row.stage,
    stage_text: HAFU_STAGE_TEXT[row.stage],
    start_coins: row.startCoins,
    rate: row.rate,
    prepay: fenToYuan(row.prepayFen),
    prepay_fen: row.prepayFen,
    ended_at: endedAt?.toISOString() ?? null,
    report_deadline: endedAt ? reportDeadline(endedAt).toISOString() : null,
    renter_coins: row.renterCoins,
    reported_at: row.reportedAt?.toISOString() ?? null,
    answer_deadline: row.reportedAt ? answerDeadline(row.reportedAt).toISOString() : null,
    owner_answer: ownerAnswer,
    owner_coins: row.ownerCoins,
    owner_evidence: row.ownerEvidence,
    owner_images: row.ownerImages,
    answered_at: row.answeredAt?.toISOString() ?? null,
    operator_text: row.operatorText,
    final_coins: row.finalCoins,
    used_coins: settled && row.finalCoins !== null ? Math.min(row.startCoins, Math.max(0, row.startCoins - row.finalCoins)) : null,
    decided_by: row.decidedBy,
    decided_text: row.decidedBy ? HAFU_DECIDER_TEXT[row.decidedBy] : null,
    owner_amount: settled ? fenToYuan(row.ownerFen) : null,
    owner_fen: settled ? row.ownerFen : null,
    renter_amount: settled ? fenToYuan(row.renterFen) : null,
    renter_fen: settled ? row.renterFen : null,
    settled_at: row.settledAt?.toISOString() ?? null,
    can_report: viewer === 'renter' && canReport(state, now) && order.gameMoneyFen > order.refundGameMoneyFen,
    can_answer: viewer === 'owner' && canAnswer(state, now),
  };
}

async function readByOrderNo(db: DbOrTx, orderNo: string): Promise<{ row: HafuSettlementRow; order: OrderRow } | null> {
  const [found] = await db.select({ row: hafuSettlements, order: orders }).from(hafuSettlements).innerJoin(orders, eq(orders.id, hafuSettlements.orderId)).where(eq(orders.orderNo, orderNo));
  return found ?? null;
}

/** The renter's view of their order's settlement; 404 for another user's order or one without a prepay. */
export async function getRenterHafu(db: DbOrTx, userId: number, orderNo: string, now: Date): Promise<HafuSettlementView> {
  const found = await readByOrderNo(db, orderNo);
  if (!found || found.order.userId !== userId) throw notFound(found ? MSG_ORDER_NOT_FOUND : MSG_NO_HAFU);
  return toView(found.row, found.order, now, 'renter');
}

/** The owner's view (the owner recorded at the charge); 404 for anyone else. */
export async function getOwnerHafu(db: DbOrTx, userId: number, orderNo: string, now: Date): Promise<HafuSettlementView> {
  const found = await readByOrderNo(db, orderNo);
  if (!found || found.row.ownerUserId !== userId) throw notFound(found ? MSG_ORDER_NOT_FOUND : MSG_NO_HAFU);
  return toView(found.row, found.order, now, 'owner');
}

// ---------------------------------------------------------------------------------------------
// the renter reports, the owner answers, an operator resolves

export async function reportHafuCoins(db: Db, userId: number, body: { order_no: string; coins_left: number }, now: Date): Promise<HafuSettlementView> {
  return db.transaction(async (tx) => {
    const found = await lockByOrderNo(tx, body.order_no);
    if (!found || found.order.userId !== userId) throw notFound(found ? MSG_ORDER_NOT_FOUND : MSG_NO_HAFU);
    const { row, order } = found;
    const state = stateOf(row, order);
    if (!canReport(state, now)) {
      if (row.stage !== 'awaiting_report') throw conflict(MSG_HAFU_REPORTED);
      throw conflict(state.endedAt === null ? MSG_HAFU_NOT_ENDED : MSG_HAFU_REPORT_LATE);
    }
    // The prepay is already all back (a complaint ended the rental): nothing to measure.
    if (order.gameMoneyFen <= order.refundGameMoneyFen) {
      await settleLocked(tx, row, order, row.startCoins, 'refunded', now);
      return toView((await readByOrderNo(tx, body.order_no))!.row, order, now, 'renter');
    }
    await tx.update(hafuSettlements).set({ stage: 'reported', renterCoins: body.coins_left, reportedAt: now }).where(and(eq(hafuSettlements.orderId, row.orderId), eq(hafuSettlements.stage, 'awaiting_report')));
    await notifyHafuReported(tx, row.ownerUserId, { orderId: order.id, orderNo: order.orderNo, startCoins: row.startCoins, renterCoins: body.coins_left, deadline: answerDeadline(now) }, now);
    const after = await readByOrderNo(tx, body.order_no);
    return toView(after!.row, after!.order, now, 'renter');
  });
}

export interface HafuAnswerBody {
  order_no: string;
  accept: boolean;
  coins_left?: number | undefined;
  evidence?: string | undefined;
  images?: (number | string)[] | undefined;
}

export async function answerHafuReport(db: Db, userId: number, body: HafuAnswerBody, now: Date): Promise<HafuSettlementView> {
  const images = body.accept ? [] : await ownUploadUrls(db, userId, 'complaint', body.images ?? [], MSG_HAFU_IMAGE_INVALID);
  return db.transaction(async (tx) => {
    const found = await lockByOrderNo(tx, body.order_no);
    if (!found || found.row.ownerUserId !== userId) throw notFound(found ? MSG_ORDER_NOT_FOUND : MSG_NO_HAFU);
    const { row, order } = found;
    if (!canAnswer(stateOf(row, order), now)) throw conflict(MSG_HAFU_NOT_ANSWERABLE);
    if (body.accept) {
      await tx.update(hafuSettlements).set({ answeredAt: now }).where(eq(hafuSettlements.orderId, row.orderId));
      await applyChanges(tx, await settleLocked(tx, row, order, row.renterCoins!, 'agreed', now));
    } else {
      if (body.coins_left === undefined || !body.evidence) throw badRequest(MSG_HAFU_EVIDENCE_NEEDED);
      if (body.coins_left === row.renterCoins) throw badRequest(MSG_HAFU_SAME_COUNT);
      await tx
        .update(hafuSettlements)
        .set({ stage: 'disputed', ownerCoins: body.coins_left, ownerEvidence: body.evidence, ownerImages: images, answeredAt: now })
        .where(and(eq(hafuSettlements.orderId, row.orderId), eq(hafuSettlements.stage, 'reported')));
    }
    const after = await readByOrderNo(tx, body.order_no);
    return toView(after!.row, after!.order, now, 'owner');
  });
}

/** An operator sets the final count of a disputed settlement (permission complaints); audited. */
export async function resolveHafuDispute(db: Db, actor: OperatorActor, body: { order_no: string; coins_left: number; text: string }, now: Date): Promise<HafuSettlementView> {
  return db.transaction(async (tx) => {
    const found = await lockByOrderNo(tx, body.order_no);
    if (!found) throw notFound(MSG_NO_HAFU);
    const { row, order } = found;
    if (row.stage !== 'disputed') throw conflict(MSG_HAFU_NOT_DISPUTED);
    await applyChanges(tx, await settleLocked(tx, row, order, body.coins_left, 'operator', now, { operatorId: actor.operatorId, text: body.text }));
    const after = (await readByOrderNo(tx, body.order_no))!;
    await writeAudit(
      tx,
      actor,
      {
        action: 'hafu.resolve',
        targetType: 'order',
        targetId: order.orderNo,
        before: { stage: row.stage, start_coins: row.startCoins, renter_coins: row.renterCoins, owner_coins: row.ownerCoins },
        after: { stage: after.row.stage, final_coins: after.row.finalCoins, owner_fen: after.row.ownerFen, renter_fen: after.row.renterFen },
        reason: body.text,
      },
      now,
    );
    return toView(after.row, after.order, now, 'operator');
  });
}

/** The operators' queue: disputed settlements, oldest answer first. */
export async function listHafuDisputes(db: DbOrTx, paging: { page: number; page_size: number }, now: Date): Promise<Page<OpsHafuDispute>> {
  const where = eq(hafuSettlements.stage, 'disputed');
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(hafuSettlements).where(where);
  const rows = await db
    .select({ row: hafuSettlements, order: orders, title: listings.title })
    .from(hafuSettlements)
    .innerJoin(orders, eq(orders.id, hafuSettlements.orderId))
    .leftJoin(listings, eq(listings.id, orders.listingId))
    .where(where)
    .orderBy(hafuSettlements.answeredAt, desc(hafuSettlements.orderId))
    .limit(paging.page_size)
    .offset((paging.page - 1) * paging.page_size);
  return {
    list: rows.map(({ row, order, title }) => ({ ...toView(row, order, now, 'operator'), listing_title: title, renter_user_id: order.userId, owner_user_id: row.ownerUserId })),
    total: Number(total?.n ?? 0),
    page: paging.page,
    page_size: paging.page_size,
  };
}

/** One disputed (or any) settlement for the operator's page. */
export async function getOpsHafu(db: DbOrTx, orderNo: string, now: Date): Promise<HafuSettlementView> {
  const found = await readByOrderNo(db, orderNo);
  if (!found) throw notFound(MSG_NO_HAFU);
  return toView(found.row, found.order, now, 'operator');
}

// ---------------------------------------------------------------------------------------------
// the sweep

/**
 * Run by the money sweep: settles the ended rentals whose side was silent past its window (the
 * rule's defaults), and those whose prepay came back whole by another path. Rows taken with SKIP
 * LOCKED, so processes share the work and an answer in progress (holding the row) is left to
 * finish; the sweep re-reads the stage under its own lock, so whichever commits second finds it
 * settled and moves nothing. Returns how many were settled.
 */
export async function sweepHafuSettlements(db: Db, now: Date): Promise<number> {
  const reportOpenedBefore = new Date(now.getTime() - HAFU_REPORT_WINDOW_HOURS * MS_PER_HOUR);
  const answerOpenedBefore = new Date(now.getTime() - HAFU_ANSWER_WINDOW_HOURS * MS_PER_HOUR);
  let settled = 0;
  for (;;) {
    const { taken, done } = await db.transaction(async (tx) => {
      const open = await tx
        .select({ row: hafuSettlements })
        .from(hafuSettlements)
        .innerJoin(orders, eq(orders.id, hafuSettlements.orderId))
        .where(
          and(
            inArray(hafuSettlements.stage, ['awaiting_report', 'reported']),
            inArray(orders.status, [...ENDED]),
            // Only rows the rule may settle now (re-checked under the lock below), so a batch full
            // of rows still inside their windows never hides due ones behind it.
            or(
              sql`${orders.gameMoneyFen} <= ${orders.refundGameMoneyFen}`,
              and(eq(hafuSettlements.stage, 'awaiting_report'), lte(sql`case when ${orders.status} = ${ORDER_STATUS.finished} then ${orders.finishedAt} else ${orders.cancelledAt} end`, reportOpenedBefore)),
              and(eq(hafuSettlements.stage, 'reported'), lte(hafuSettlements.reportedAt, answerOpenedBefore)),
            ),
          ),
        )
        .orderBy(hafuSettlements.orderId)
        .limit(50)
        .for('update', { of: hafuSettlements, skipLocked: true });
      if (open.length === 0) return { taken: 0, done: 0 };
      const orderRows = await tx
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            open.map(({ row }) => row.orderId),
          ),
        )
        .orderBy(orders.id)
        .for('update');
      const byId = new Map(orderRows.map((order) => [order.id, order]));
      const changes: BalanceChange[] = [];
      let count = 0;
      for (const { row } of open) {
        const order = byId.get(row.orderId)!;
        if (order.gameMoneyFen <= order.refundGameMoneyFen) {
          changes.push(...(await settleLocked(tx, row, order, row.startCoins, 'refunded', now)));
          count += 1;
          continue;
        }
        const due = hafuDue(stateOf(row, order), now);
        if (!due.settle) continue;
        changes.push(...(await settleLocked(tx, row, order, due.endCoins, due.decidedBy, now)));
        count += 1;
      }
      await applyChanges(tx, changes);
      return { taken: open.length, done: count };
    });
    settled += done;
    if (taken < 50 || done === 0) return settled;
  }
}

/** Ledger-identity figures of the coin money (sellers/server/settlement.ts ledgerIdentity). */
export async function hafuIdentityFigures(db: DbOrTx): Promise<{ ownerFen: number; heldFen: number; mismatched: number }> {
  const [sums] = await db
    .select({
      ownerFen: sql<string>`coalesce(sum(${hafuSettlements.ownerFen}) filter (where ${hafuSettlements.stage} = 'settled'), 0)`,
      heldFen: sql<string>`coalesce(sum(${orders.gameMoneyFen} - ${orders.refundGameMoneyFen} - coalesce(${hafuSettlements.ownerFen}, 0)), 0)`,
      mismatched: sql<number>`(count(*) filter (where ${hafuSettlements.orderId} is not null and (${hafuSettlements.prepayFen} <> ${orders.gameMoneyFen} or (${hafuSettlements.stage} = 'settled' and ${orders.refundGameMoneyFen} + ${hafuSettlements.ownerFen} <> ${orders.gameMoneyFen}))))::int`,
    })
    .from(orders)
    .leftJoin(hafuSettlements, eq(hafuSettlements.orderId, orders.id))
    .where(and(eq(orders.kind, 'rental'), sql`${orders.gameMoneyFen} > 0`));
  return { ownerFen: Number(sums?.ownerFen ?? 0), heldFen: Number(sums?.heldFen ?? 0), mismatched: Number(sums?.mismatched ?? 0) };
}
