/**
 * Lottery draws per second at 50 parallel clients on PostgreSQL (issue 16 "Measure"). Each client
 * loops for BENCH_SECONDS calling the full service a draw endpoint runs (`drawLottery`: take a
 * chance with SKIP LOCKED, pick, guarded stock UPDATE, spend the chance, record the draw, credit
 * the coins with their ledger row), against two baselines measured in the same run at the same
 * concurrency:
 *   - `SELECT 1`: one round trip through the app's pool, the floor under any call;
 *   - "draw without the prize": the same transaction's chance take, spend and draw row, with a
 *     fixed 谢谢参与 (no pick, no stock row lock, no wallet or coin ledger write), which says what
 *     the prize part (the contended stock row and the wallet) adds.
 * The 50 clients share the app's pg.Pool (10 connections by default), as in one process; every
 * client acts as its own user with plenty of chances. Stock is checked afterwards: never below 0,
 * draws = chances spent.
 *
 * PostgreSQL only (PGlite runs one query at a time, so "parallel" would mean nothing): skipped
 * with a note unless DATABASE_URL_TEST is set. Run: `npx tsx scripts/bench-lottery.ts` (part of
 * `npm run bench`); BENCH_SECONDS and BENCH_LOTTERY_CLIENTS change the size.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client';
import { lotteryChances, lotteryDraws, lotteryPrizes } from '../src/platform/db/schema';
import { isAppError } from '../src/platform/http/errors';
import { drawLottery } from '../src/features/activities/server/lottery';
import { createUser } from '../src/features/account/server/users';
import { openTestDatabase } from '../src/app/seed/test-database';
import { percentile } from './bench-lib';

const CLIENTS = Number(process.env['BENCH_LOTTERY_CLIENTS'] ?? 50);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CHANCES_PER_USER = 2_000;
const ACTIVITY = 'bench';

interface Figures {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
}

async function forSeconds(work: (client: number) => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError = '';
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          await work(client);
          latencies.push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ||= isAppError(error) ? `AppError ${error.httpStatus}: ${error.message}` : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, firstError };
}

const fmt = (f: Figures): string =>
  `${f.perSecond.toFixed(0).padStart(6)} /s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  (${f.count} calls${f.errors ? `, ${f.errors} errors: ${f.firstError}` : ''})`;

async function main(): Promise<void> {
  if (!process.env['DATABASE_URL_TEST']) {
    console.log('bench-lottery: skipped (PostgreSQL only; set DATABASE_URL_TEST=postgres://user@host:5432/db)');
    return;
  }
  const opened = await openTestDatabase({ driver: 'postgres' });
  const db: Db = opened.db;
  try {
    const now = new Date();
    await db.insert(lotteryPrizes).values([
      { activity: ACTIVITY, name: '1000金币', coins: 1000, stock: 20, weight: 2, sortOrder: 1 },
      { activity: ACTIVITY, name: '200金币', coins: 200, stock: 100_000, weight: 10, sortOrder: 2 },
      { activity: ACTIVITY, name: '50金币', coins: 50, stock: 1_000_000, weight: 38, sortOrder: 3 },
      { activity: ACTIVITY, name: '谢谢参与', coins: 0, stock: null, weight: 50, sortOrder: 4 },
    ]);
    const [thanks] = await db.select({ id: lotteryPrizes.id }).from(lotteryPrizes).where(and(eq(lotteryPrizes.activity, ACTIVITY), isNull(lotteryPrizes.stock)));
    const userIds: number[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const id = await db.transaction((tx) => createUser(tx, { username: `bench_lottery_${i}`, nickname: `抽奖压测${i}` }, now));
      userIds.push(id!);
    }
    await db.execute(sql`
      insert into lottery_chances (user_id, activity, source, ref_no)
      select u, ${ACTIVITY}, 'bench', g::text from unnest(${sql.raw(`array[${userIds.join(',')}]`)}::int[]) u, generate_series(1, ${CHANCES_PER_USER}) g`);

    await db.execute(sql`analyze lottery_chances`);
    // Warm the pool and the plans.
    await Promise.all(userIds.slice(0, 10).map((userId) => drawLottery(db, userId, new Date(), ACTIVITY)));

    const select1 = await forSeconds(async () => {
      await db.execute(sql`select 1`);
    });
    const bare = await forSeconds(async (client) => {
      const userId = userIds[client]!;
      await db.transaction(async (tx) => {
        const [chance] = await tx
          .select({ id: lotteryChances.id })
          .from(lotteryChances)
          .where(and(eq(lotteryChances.userId, userId), eq(lotteryChances.activity, ACTIVITY), isNull(lotteryChances.usedAt)))
          .orderBy(lotteryChances.id)
          .limit(1)
          .for('update', { skipLocked: true });
        if (!chance) throw new Error('out of chances');
        await tx.select({ n: count() }).from(lotteryChances).where(and(eq(lotteryChances.userId, userId), eq(lotteryChances.activity, ACTIVITY), isNull(lotteryChances.usedAt)));
        await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.activity, ACTIVITY));
        await tx.update(lotteryChances).set({ usedAt: new Date() }).where(eq(lotteryChances.id, chance.id));
        await tx.insert(lotteryDraws).values({ userId, activity: ACTIVITY, chanceId: chance.id, prizeId: thanks!.id });
      });
    });
    const full = await forSeconds(async (client) => {
      await drawLottery(db, userIds[client]!, new Date(), ACTIVITY);
    });

    const stocks = await db.select({ name: lotteryPrizes.name, stock: lotteryPrizes.stock }).from(lotteryPrizes).where(eq(lotteryPrizes.activity, ACTIVITY));
    const [drawn] = await db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.activity, ACTIVITY));
    const [spent] = await db.select({ n: count() }).from(lotteryChances).where(and(eq(lotteryChances.activity, ACTIVITY), sql`${lotteryChances.usedAt} is not null`));
    if (stocks.some((s) => s.stock !== null && s.stock < 0)) throw new Error('stock below zero');
    if (drawn!.n !== spent!.n) throw new Error(`draws ${drawn!.n} != chances spent ${spent!.n}`);

    console.log(`Lottery draws on PostgreSQL, ${CLIENTS} parallel clients, ${SECONDS} s each (app pool)`);
    console.log(`  SELECT 1 round trip         ${fmt(select1)}`);
    console.log(`  draw without the prize      ${fmt(bare)}`);
    console.log(`  draw (drawLottery)          ${fmt(full)}`);
    console.log(`  draw / SELECT 1             ${(full.perSecond / select1.perSecond).toFixed(3)}×`);
    console.log(`  draw / draw without prize   ${(full.perSecond / bare.perSecond).toFixed(3)}×`);
    console.log(`  stock left: ${stocks.map((s) => `${s.name} ${s.stock ?? '∞'}`).join(', ')}; draws ${drawn!.n} = chances spent ${spent!.n}`);
  } finally {
    await opened.close();
  }
}

await main();
