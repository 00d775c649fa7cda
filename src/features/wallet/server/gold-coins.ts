/**
 * Gold coins (spec §1 "collect gold coins, sign in daily", §7 account "sign-in, gold"; the
 * constants' "Gold coins" block). The rules:
 *
 * - Daily sign-in: GOLD_SIGN_IN_COINS once per Shanghai calendar day. Ledger kind 'sign_in', ref
 *   the Shanghai date (YYYY-MM-DD), so the unique (user, kind, ref) index lets a double click count
 *   once; the second answers 409 今日已签到.
 * - Tasks: each pays its coins once (kind 'task', ref the task key) after its condition holds:
 *   real_name when the user is real-name verified, bind_phone when a phone is bound, first_rental
 *   when a rental of the user was paid (status 3 running or 4 finished). A task not done yet is
 *   409 任务尚未完成; a second claim 409 奖励已领取.
 * - Exchange: GOLD_EXCHANGE_COINS coins buy one no-threshold red envelope of
 *   GOLD_EXCHANGE_RED_PACKET_FEN valid GOLD_EXCHANGE_RED_PACKET_DAYS days, at most
 *   GOLD_EXCHANGES_PER_DAY per Shanghai day (kind 'exchange', ref `${date}-${n}`, n the day's count).
 *
 * The balance is wallets.gold_coins (checked ≥ 0 by the database); every change is one
 * gold_coin_ledger row with the balance after, written in the transaction that changes the
 * wallet. Each change first locks the user's wallet row (UPDATE … RETURNING, as wallet.ts does),
 * so the "already signed / claimed / exchanged today" checks that follow cannot race.
 */
import { and, count, desc, eq, inArray, like, or } from 'drizzle-orm';
import { COUPON_TYPE_FIXED, MS_PER_DAY, ORDER_STATUS } from '~/platform/config/constants';
import { GOLD_EXCHANGE_COINS, GOLD_EXCHANGE_RED_PACKET_DAYS, GOLD_EXCHANGE_RED_PACKET_FEN, GOLD_EXCHANGES_PER_DAY, GOLD_SIGN_IN_COINS } from '~/features/wallet/constants';
import type { GoldEntry, GoldOverview, GoldTask } from '~/features/wallet/contract/money';
import { fenToYuan, fenToYuanShort } from '~/platform/rules/money';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { goldCoinLedger, orders, users, wallets } from '~/platform/db/schema';
import { badRequest, conflict } from '~/platform/http/errors';
import { grantRedPackets, type RedPacketGrant } from '~/features/wallet/server/red-packets';
import { ensureWallet } from '~/features/wallet/server/wallet';
import { GOLD_TASKS, MSG_UNKNOWN_TASK, type GoldTaskKey } from '~/features/wallet/rules/gold-tasks';

export { GOLD_TASKS, MSG_UNKNOWN_TASK, type GoldTaskKey } from '~/features/wallet/rules/gold-tasks';

export const MSG_ALREADY_SIGNED_IN = '今日已签到';
export const MSG_TASK_NOT_DONE = '任务尚未完成';
export const MSG_TASK_CLAIMED = '奖励已领取';
export const MSG_EXCHANGES_USED_UP = '今日兑换次数已用完';
export const MSG_NOT_ENOUGH_COINS = '金币不足';

/** gold_coin_ledger.kind values. */
export const GOLD_KIND = { signIn: 'sign_in', task: 'task', exchange: 'exchange', exchangeCode: 'exchange_code', invite: 'invite', lottery: 'lottery', rankPrize: 'rank_prize' } as const;

/** Rows shown in the overview's history. */
const GOLD_HISTORY_SIZE = 20;


/** The envelope one exchange buys: 金币兑换·无门槛减1元. */
export const GOLD_EXCHANGE_RED_PACKET: RedPacketGrant = {
  name: `金币兑换·无门槛减${fenToYuanShort(GOLD_EXCHANGE_RED_PACKET_FEN)}元`,
  type: COUPON_TYPE_FIXED,
  minOrderAmountFen: 0,
  discountAmountFen: GOLD_EXCHANGE_RED_PACKET_FEN,
};
export const GOLD_EXCHANGE_RED_PACKET_SOURCE = 'gold_exchange';

function kindText(kind: string, refNo: string): string {
  if (kind === GOLD_KIND.signIn) return '每日签到';
  if (kind === GOLD_KIND.exchange) return '兑换红包';
  if (kind === GOLD_KIND.exchangeCode) return '兑换码';
  if (kind === GOLD_KIND.invite) return '邀请奖励';
  if (kind === GOLD_KIND.lottery) return '抽奖奖品';
  if (kind === GOLD_KIND.rankPrize) return '排行榜奖励';
  const task = GOLD_TASKS.find((t) => t.key === refNo);
  return task ? `任务奖励·${task.name}` : '任务奖励';
}

/** Which task conditions hold for the user now. */
async function taskConditions(db: DbOrTx, userId: number): Promise<Record<GoldTaskKey, boolean>> {
  // One after the other: `db` may be a transaction, whose one connection runs a query at a time.
  const [user] = await db.select({ isRealName: users.isRealName, mobile: users.mobile }).from(users).where(eq(users.id, userId));
  const [rental] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'rental'), inArray(orders.status, [ORDER_STATUS.paid, ORDER_STATUS.finished])))
    .limit(1);
  return { real_name: user?.isRealName ?? false, bind_phone: (user?.mobile ?? null) !== null, first_rental: rental !== undefined };
}

/** The ledger rows that decide today's state: today's sign-in, every task reward, today's exchanges. */
async function todaysMarks(db: DbOrTx, userId: number, date: string): Promise<{ signedToday: boolean; claimed: Set<string>; exchangesToday: number }> {
  const rows = await db
    .select({ kind: goldCoinLedger.kind, refNo: goldCoinLedger.refNo })
    .from(goldCoinLedger)
    .where(
      and(
        eq(goldCoinLedger.userId, userId),
        or(
          and(eq(goldCoinLedger.kind, GOLD_KIND.signIn), eq(goldCoinLedger.refNo, date)),
          eq(goldCoinLedger.kind, GOLD_KIND.task),
          and(eq(goldCoinLedger.kind, GOLD_KIND.exchange), like(goldCoinLedger.refNo, `${date}-%`)),
        ),
      ),
    );
  return {
    signedToday: rows.some((row) => row.kind === GOLD_KIND.signIn),
    claimed: new Set(rows.filter((row) => row.kind === GOLD_KIND.task).map((row) => row.refNo)),
    exchangesToday: rows.filter((row) => row.kind === GOLD_KIND.exchange).length,
  };
}

/** GET account/gold. */
export async function getGoldOverview(db: DbOrTx, userId: number, now: Date): Promise<GoldOverview> {
  const date = formatShanghaiDate(now);
  const [[wallet], marks, conditions, history] = await Promise.all([
    db.select({ goldCoins: wallets.goldCoins }).from(wallets).where(eq(wallets.userId, userId)),
    todaysMarks(db, userId, date),
    taskConditions(db, userId),
    db.select().from(goldCoinLedger).where(eq(goldCoinLedger.userId, userId)).orderBy(desc(goldCoinLedger.id)).limit(GOLD_HISTORY_SIZE),
  ]);
  const tasks: GoldTask[] = GOLD_TASKS.map((task) => ({
    key: task.key,
    name: task.name,
    coins: task.coins,
    done: conditions[task.key],
    claimed: marks.claimed.has(task.key),
  }));
  const entries: GoldEntry[] = history.map((row) => ({
    id: row.id,
    kind_text: kindText(row.kind, row.refNo),
    amount: row.amount,
    created_at: row.createdAt.toISOString(),
  }));
  return {
    coins: wallet?.goldCoins ?? 0,
    signed_today: marks.signedToday,
    sign_in_coins: GOLD_SIGN_IN_COINS,
    exchange_coins: GOLD_EXCHANGE_COINS,
    exchange_red_packet: fenToYuan(GOLD_EXCHANGE_RED_PACKET_FEN),
    exchanges_left_today: Math.max(0, GOLD_EXCHANGES_PER_DAY - marks.exchangesToday),
    tasks,
    history: entries,
  };
}

// ---------------------------------------------------------------------------------------------
// changes

/** Locks the user's wallet row for the rest of `tx` and answers the coins it holds. */
async function lockCoins(tx: DbTx, userId: number, now: Date): Promise<number> {
  await ensureWallet(tx, userId);
  const [row] = await tx.update(wallets).set({ updatedAt: now }).where(eq(wallets.userId, userId)).returning({ goldCoins: wallets.goldCoins });
  return row!.goldCoins;
}

interface CoinChange {
  userId: number;
  /** What the wallet holds now (from lockCoins). */
  coins: number;
  kind: (typeof GOLD_KIND)[keyof typeof GOLD_KIND];
  /** Signed, never 0. */
  amount: number;
  refNo: string;
  /** The 409 for a (user, kind, ref) already in the ledger. */
  duplicateMsg: string;
  now: Date;
}

/** One coin change under the wallet lock: the new balance and its ledger row. */
async function changeCoins(tx: DbTx, change: CoinChange): Promise<void> {
  const balanceAfter = change.coins + change.amount;
  if (balanceAfter < 0) throw conflict(MSG_NOT_ENOUGH_COINS);
  await tx.update(wallets).set({ goldCoins: balanceAfter }).where(eq(wallets.userId, change.userId));
  try {
    await tx.insert(goldCoinLedger).values({
      userId: change.userId,
      kind: change.kind,
      amount: change.amount,
      balanceAfter,
      refNo: change.refNo,
      createdAt: change.now,
    });
  } catch (error) {
    // The check before us missed a row (it cannot under the lock, but the index is the final word).
    if (violatedUniqueConstraint(error) !== null) throw conflict(change.duplicateMsg, { cause: error });
    throw error;
  }
}

/**
 * Credits `amount` coins to the user inside `tx` (locks the wallet row, writes the ledger row);
 * answers the balance after. (user, kind, ref) is unique: a second credit with the same ref is 409
 * `duplicateMsg`. Used by exchange codes (services/exchange-codes.ts).
 */
export async function creditGoldCoins(
  tx: DbTx,
  change: { userId: number; amount: number; kind: (typeof GOLD_KIND)[keyof typeof GOLD_KIND]; refNo: string; duplicateMsg: string },
  now: Date,
): Promise<number> {
  const coins = await lockCoins(tx, change.userId, now);
  await changeCoins(tx, { ...change, coins, now });
  return coins + change.amount;
}

async function hasMark(tx: DbTx, userId: number, kind: string, refNo: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: goldCoinLedger.id })
    .from(goldCoinLedger)
    .where(and(eq(goldCoinLedger.userId, userId), eq(goldCoinLedger.kind, kind), eq(goldCoinLedger.refNo, refNo)))
    .limit(1);
  return row !== undefined;
}

/** POST account/signIn. */
export async function signIn(db: Db, userId: number, now: Date): Promise<GoldOverview> {
  const date = formatShanghaiDate(now);
  await db.transaction(async (tx) => {
    const coins = await lockCoins(tx, userId, now);
    if (await hasMark(tx, userId, GOLD_KIND.signIn, date)) throw conflict(MSG_ALREADY_SIGNED_IN);
    await changeCoins(tx, { userId, coins, kind: GOLD_KIND.signIn, amount: GOLD_SIGN_IN_COINS, refNo: date, duplicateMsg: MSG_ALREADY_SIGNED_IN, now });
  });
  return getGoldOverview(db, userId, now);
}

/** POST account/goldTask. */
export async function claimGoldTask(db: Db, userId: number, key: string, now: Date): Promise<GoldOverview> {
  const task = GOLD_TASKS.find((t) => t.key === key);
  if (!task) throw badRequest(MSG_UNKNOWN_TASK);
  await db.transaction(async (tx) => {
    const coins = await lockCoins(tx, userId, now);
    if (await hasMark(tx, userId, GOLD_KIND.task, task.key)) throw conflict(MSG_TASK_CLAIMED);
    if (!(await taskConditions(tx, userId))[task.key]) throw conflict(MSG_TASK_NOT_DONE);
    await changeCoins(tx, { userId, coins, kind: GOLD_KIND.task, amount: task.coins, refNo: task.key, duplicateMsg: MSG_TASK_CLAIMED, now });
  });
  return getGoldOverview(db, userId, now);
}

/** POST account/goldExchange: coins for one red envelope. */
export async function exchangeGold(db: Db, userId: number, now: Date): Promise<GoldOverview> {
  const date = formatShanghaiDate(now);
  await db.transaction(async (tx) => {
    const coins = await lockCoins(tx, userId, now);
    const [today] = await tx
      .select({ n: count() })
      .from(goldCoinLedger)
      .where(and(eq(goldCoinLedger.userId, userId), eq(goldCoinLedger.kind, GOLD_KIND.exchange), like(goldCoinLedger.refNo, `${date}-%`)));
    const done = today?.n ?? 0;
    if (done >= GOLD_EXCHANGES_PER_DAY) throw conflict(MSG_EXCHANGES_USED_UP);
    await changeCoins(tx, {
      userId,
      coins,
      kind: GOLD_KIND.exchange,
      amount: -GOLD_EXCHANGE_COINS,
      refNo: `${date}-${done + 1}`,
      duplicateMsg: MSG_EXCHANGES_USED_UP,
      now,
    });
    await grantRedPackets(tx, userId, [GOLD_EXCHANGE_RED_PACKET], {
      source: GOLD_EXCHANGE_RED_PACKET_SOURCE,
      receivedAt: now,
      expiresAt: new Date(now.getTime() + GOLD_EXCHANGE_RED_PACKET_DAYS * MS_PER_DAY),
    });
  });
  return getGoldOverview(db, userId, now);
}
