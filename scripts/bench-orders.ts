/**
 * Orders per second (issue 5 "Measure"): rental orders created and paid from the wallet at 20
 * concurrent renters (in one step, as 确认订单 does, and in two calls, as an order paid later is), and the same renters bursting at ONE listing window, where the exclusion
 * constraint orders_no_double_booking lets exactly one through and refuses the rest with 409
 * code 1006 (该账号此时段已被租用). Each call is the full service path the endpoint runs
 * (checkoutOrder, or createOrder then payOrder, with an idempotency key, as the browser sends one).
 *
 * The baseline, measured in the same run at the same concurrency and for as long, is one wallet
 * write: `changeBalance` crediting 1 fen in its own transaction, the least any payment writes. The
 * ratios therefore say what an order costs relative to one ledger write.
 *
 * Resets are not timed: orders of "create + pay" hold their listing for an hour, so the listings
 * are used in passes (each listing once per pass) and every order is cancelled between passes;
 * the burst's winner is cancelled after each round. Only create + pay, and only the bursts, count
 * towards the per-second figures and latencies.
 *
 * CPU per operation is measured over the timed parts only: this process's own (with PGlite, the
 * database's as well, since it runs in this process) and, for PostgreSQL, the local server's
 * processes read from /proc. On a machine whose cores both share, it says what sets the rate.
 *
 * On PostgreSQL the bench also measures the order's floor (scripts/order-floor.ts): the rows a
 * one-step order writes, copied from a real one and written by hand with no reads, rules or ORM,
 * one statement each and all in one statement; and an order's reads in one statement followed by
 * its writes in one (the least an order whose rules stay in TypeScript could cost). It says how
 * much of an order's cost is the rows it must keep and how much is everything else, against the
 * same baseline.
 *
 * Runs on PGlite (in memory) and, when DATABASE_URL_TEST is set, on a fresh PostgreSQL database
 * (created and dropped by openTestDatabase). PostgreSQL goes through the app's pg.Pool (default
 * 10 connections), so 20 renters also queue for connections, as they would in one process.
 * Run: `npx tsx scripts/bench-orders.ts` (part of `npm run bench`); BENCH_SECONDS and
 * BENCH_ORDERS_CONCURRENCY change the size, BENCH_ORDERS_DRIVERS=postgres runs one driver. The
 * one-window burst runs BURST_RUNS times and each run's p95 is printed: the goal holds in every run.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { MONEY_CODES } from '../src/features/wallet/client/money';
import { type Db, type DbDriver } from '../src/platform/db/client';
import { openTestDatabase } from '../src/app/seed/test-database';
import { users } from '../src/platform/db/schema';
import { isAppError } from '../src/platform/http/errors';
import { cancelOrder } from '../src/features/orders/server/order-lifecycle';
import { checkoutOrder, payOrder } from '../src/features/orders/server/order-payment';
import { ORDER_STATUS } from '../src/platform/config/constants';
import { createOrder } from '../src/features/orders/server/orders';
import { createUser } from '../src/features/account/server/users';
import { changeBalance } from '../src/features/wallet/server/wallet';
import { ledgerIdentity } from '../src/features/sellers/server/settlement';
import { bookableListingIds } from '../tests/integration/bookable-listings';
import { giveRentalHistory } from './renter-history';
import { localPostgresCpuMs, ownCpuMs, percentile } from './bench-lib';
import { captureOrderRows, floorWriter, type OrderRows } from './order-floor';
import type pg from 'pg';

const CONCURRENCY = Number(process.env['BENCH_ORDERS_CONCURRENCY'] ?? 20);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
/** One-window bursts of SECONDS each, run back to back (issue 27: a stall hits one run of three). */
const BURST_RUNS = 3;
/** BENCH_ORDERS_DRIVERS=postgres (or pglite) runs one driver only; default both. */
const DRIVERS = (process.env['BENCH_ORDERS_DRIVERS'] ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** Enough that no renter runs dry however many orders a run pays (cancels refund only part). */
const CREDIT_FEN = 100_000_000;
const SITE = { origin: 'http://bench' };

interface Tally {
  latencies: number[];
  errors: number;
  firstError: string;
  /** Timed wall-clock ms: resets between passes and rounds are left out. */
  elapsedMs: number;
  /** CPU ms over the timed parts: this process's, and the local PostgreSQL server's (null: not measured). */
  appCpuMs: number;
  dbCpuMs: number | null;
}

/**
 * The database's CPU clock for the driver being measured: PostgreSQL's processes on this machine;
 * none for PGlite, which runs inside this process (its work is in the app's figure).
 */
let databaseCpuMs: () => number | null = () => null;

interface CpuMark {
  app: number;
  db: number | null;
}

const cpuMark = (): CpuMark => ({ app: ownCpuMs(), db: databaseCpuMs() });

/** Adds the CPU used since `mark` to the tally. */
function addCpu(tally: Tally, mark: CpuMark): void {
  tally.appCpuMs += ownCpuMs() - mark.app;
  const db = databaseCpuMs();
  tally.dbCpuMs = db === null || mark.db === null || tally.dbCpuMs === null ? null : tally.dbCpuMs + (db - mark.db);
}

interface Figures {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  errors: number;
  firstError: string;
  /** CPU ms per completed operation: the app's (with PGlite, the database's too) and PostgreSQL's. */
  appCpuMs: number;
  dbCpuMs: number | null;
}

const newTally = (): Tally => ({ latencies: [], errors: 0, firstError: '', elapsedMs: 0, appCpuMs: 0, dbCpuMs: 0 });

function describe(error: unknown): string {
  if (isAppError(error)) return `AppError ${error.httpStatus} code ${error.code}: ${error.message}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function recordError(tally: Tally, error: unknown): void {
  tally.errors += 1;
  tally.firstError ||= describe(error);
}


function figuresOf(tally: Tally): Figures {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    perSecond: sorted.length / (tally.elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    errors: tally.errors,
    firstError: tally.firstError,
    appCpuMs: tally.appCpuMs / sorted.length,
    dbCpuMs: tally.dbCpuMs === null ? null : tally.dbCpuMs / sorted.length,
  };
}

/**
 * CONCURRENCY loops, loop i acting as renter i, each calling `work(item, i)` back to back while
 * `take()` hands out an item; the wall time of the whole batch is added to the tally.
 */
async function loops<T>(tally: Tally, take: () => T | null, work: (item: T, renter: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const mark = cpuMark();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, renter) => {
      for (let item = take(); item !== null; item = take()) {
        const t0 = performance.now();
        try {
          await work(item, renter);
          tally.latencies.push(performance.now() - t0);
        } catch (error) {
          recordError(tally, error);
        }
      }
    }),
  );
  tally.elapsedMs += performance.now() - started;
  addCpu(tally, mark);
}

/** Runs `work` from CONCURRENCY loops for SECONDS. */
async function forSeconds(work: (n: number, renter: number) => Promise<void>): Promise<Figures> {
  const tally = newTally();
  const deadline = performance.now() + SECONDS * 1000;
  let next = 0;
  await loops(tally, () => (performance.now() < deadline ? next++ : null), work);
  return figuresOf(tally);
}

/** Bench renters: real-name verified (createOrder requires it) and credited. */
async function createRenters(db: Db): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  for (let i = 0; i < CONCURRENCY; i += 1) {
    const id = await createUser(db, { username: `bench_renter_${i}`, nickname: `压测租客${i}` }, now);
    if (id === null) throw new Error(`bench_renter_${i} already exists`);
    ids.push(id);
  }
  await db.update(users).set({ isRealName: true }).where(inArray(users.id, ids));
  for (const [i, userId] of ids.entries()) {
    await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: CREDIT_FEN, refNo: `bench-credit-${i}` }));
  }
  return ids;
}


// No envelope: createUser grants welcome envelopes, and an envelope on the first orders only
// would make those iterations different from the rest.
const hourlyOn = (listingId: number) => ({ account_id: listingId, option: 'hourly' as const, hours: 1, red_packet_id: null });

interface Placed {
  userId: number;
  orderNo: string;
}

/**
 * How a renter's order is paid from the wallet: 确认订单's one step (order/checkout: booked and
 * paid in one transaction), or created and then paid (an unpaid order paid later from 我的订单).
 */
type PayWay = 'checkout' | 'create-then-pay';

async function placeAndPay(db: Db, way: PayWay, userId: number, listingId: number): Promise<string> {
  if (way === 'checkout') {
    const order = await checkoutOrder(db, userId, hourlyOn(listingId), randomUUID(), new Date());
    if (order.order_status !== ORDER_STATUS.paid) throw new Error(`checkout of ${order.order_no} did not pay`);
    return order.order_no;
  }
  const order = await createOrder(db, userId, hourlyOn(listingId), randomUUID(), new Date());
  const paid = await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, randomUUID(), SITE, new Date());
  if (!paid.paid) throw new Error(`wallet payment of ${order.order_no} did not complete`);
  return order.order_no;
}

/** Scenario A: each renter orders an hour on a listing nobody else holds and pays it from the wallet. */
async function createAndPay(db: Db, way: PayWay, renters: readonly number[], pool: readonly number[]): Promise<Figures> {
  const tally = newTally();
  while (tally.elapsedMs < SECONDS * 1000) {
    const passStarted = performance.now();
    const budgetMs = SECONDS * 1000 - tally.elapsedMs;
    const placed: Placed[] = [];
    let next = 0;
    await loops(
      tally,
      () => (next < pool.length && performance.now() - passStarted < budgetMs ? pool[next++]! : null),
      async (listingId, renter) => {
        const userId = renters[renter]!;
        placed.push({ userId, orderNo: await placeAndPay(db, way, userId, listingId) });
      },
    );
    // Free every window for the next pass (paid orders are refunded, unpaid ones simply end).
    let i = 0;
    await loops(
      newTally(),
      () => placed[i++] ?? null,
      async ({ userId, orderNo }) => {
        await cancelOrder(db, userId, orderNo, new Date());
      },
    );
  }
  return figuresOf(tally);
}

interface BurstFigures {
  attempts: Figures;
  refused: Figures;
  rounds: number;
  violations: number;
}

/**
 * Scenario B: every renter asks for the same hour on one listing at once, round after round.
 * Exactly one may win a round; the others must be refused with 409 code 1006. On PGlite the
 * queries of all connections run one at a time in one backend, so there the "race" is
 * serialised: the first transaction commits before the next starts, and the rest find the
 * window taken. On PostgreSQL the inserts really race, and the exclusion constraint decides.
 */
async function oneWindowBurst(db: Db, renters: readonly number[], listingId: number): Promise<BurstFigures> {
  const attempts = newTally();
  // The refused share the rounds' CPU with the winner: no per-attempt figure of their own.
  const refused: Tally = { ...newTally(), appCpuMs: Number.NaN, dbCpuMs: null };
  let rounds = 0;
  let violations = 0;
  while (attempts.elapsedMs < SECONDS * 1000) {
    const started = performance.now();
    const mark = cpuMark();
    const outcomes = await Promise.all(
      renters.map(async (userId) => {
        const t0 = performance.now();
        try {
          const order = await createOrder(db, userId, hourlyOn(listingId), randomUUID(), new Date());
          return { ms: performance.now() - t0, won: { userId, orderNo: order.order_no } as Placed, error: null };
        } catch (error) {
          return { ms: performance.now() - t0, won: null, error };
        }
      }),
    );
    const roundMs = performance.now() - started;
    addCpu(attempts, mark);
    attempts.elapsedMs += roundMs;
    refused.elapsedMs += roundMs;
    rounds += 1;
    const winners: Placed[] = [];
    for (const outcome of outcomes) {
      if (outcome.won) {
        winners.push(outcome.won);
        attempts.latencies.push(outcome.ms);
      } else if (isAppError(outcome.error) && outcome.error.httpStatus === 409 && outcome.error.code === MONEY_CODES.windowTaken) {
        attempts.latencies.push(outcome.ms);
        refused.latencies.push(outcome.ms);
      } else {
        recordError(attempts, outcome.error);
      }
    }
    if (winners.length !== 1) violations += 1;
    for (const winner of winners) await cancelOrder(db, winner.userId, winner.orderNo, new Date());
  }
  return { attempts: figuresOf(attempts), refused: figuresOf(refused), rounds, violations };
}

const fmt = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** CPU ms of one operation, app and database together (the cores both share). */
const cpuTotal = (figures: Figures): number => figures.appCpuMs + (figures.dbCpuMs ?? 0);
const cpuText = (figures: Figures): string =>
  figures.dbCpuMs === null ? `${fmt(figures.appCpuMs, 2)} ms` : `${fmt(cpuTotal(figures), 2)} ms (app ${fmt(figures.appCpuMs, 2)}, PostgreSQL ${fmt(figures.dbCpuMs, 2)})`;

/** One row of the table, as ratios to `baseline`; errors fail the bench. */
function printRow(label: string, what: string, figures: Figures, baseline: Figures, notes: string[]): void {
  console.log(
    `| ${label} | ${what} | ${fmt(figures.perSecond)} | ${fmt(figures.p50)} | ${fmt(figures.p95)} | ${figures.errors} | ${fmt(figures.perSecond / baseline.perSecond, 2)} | ${fmt(figures.p95 / baseline.p95, 2)} | ${fmt(figures.appCpuMs, 2)} | ${fmt(figures.dbCpuMs ?? Number.NaN, 2)} |`,
  );
  if (figures.errors > 0) {
    notes.push(`- ${label}, ${what}: ERRORS, first: ${figures.firstError}`);
    process.exitCode = 1;
  }
}

async function benchDriver(driver: DbDriver, notes: string[]): Promise<void> {
  const label = driver === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const opened = performance.now();
  const database = await openTestDatabase({ driver, seed: true });
  databaseCpuMs = driver === 'postgres' ? localPostgresCpuMs : () => null;
  try {
    const db = database.db;
    const renters = await createRenters(db);
    const bookable = await bookableListingIds(db, 1);
    if (bookable.length < CONCURRENCY + 1) throw new Error(`only ${bookable.length} bookable seed listings; need ${CONCURRENCY + 1}`);
    // Each bench renter books many times a second: renters with history, not new ones.
    await giveRentalHistory(db, renters, bookable[0]!);
    // The burst listing stays out of the create + pay pool.
    const burstListing = bookable[0]!;
    const pool = bookable.slice(1);
    const setupS = (performance.now() - opened) / 1000;

    // Warm-up: statements prepared, JIT, the wallet row locks' first use. The one-step order's
    // rows are kept, before its cancelling changes them, as the templates of the floor's copies.
    const pgPool = driver === 'postgres' ? (db as unknown as { $client: pg.Pool }).$client : null;
    let templates: OrderRows | null = null;
    for (const way of ['checkout', 'create-then-pay'] as const) {
      const orderNo = await placeAndPay(db, way, renters[0]!, pool[0]!);
      if (way === 'checkout' && pgPool) templates = await captureOrderRows(pgPool, orderNo);
      await cancelOrder(db, renters[0]!, orderNo, new Date());
    }

    const tag = driver === 'pglite' ? 'l' : 'p';
    const baseline = await forSeconds(async (n, renter) => {
      await db.transaction((tx) => changeBalance(tx, { userId: renters[renter]!, kind: 'demo_credit', amountFen: 1, refNo: `bench-base-${tag}-${n}` }));
    });
    const orders = await createAndPay(db, 'checkout', renters, pool);
    const twoCalls = await createAndPay(db, 'create-then-pay', renters, pool);
    // Three contested windows, back to back: a stall shows up in one run of three, not on average.
    const bursts: BurstFigures[] = [];
    for (let run = 0; run < BURST_RUNS; run += 1) bursts.push(await oneWindowBurst(db, renters, burstListing));

    const rows: Array<readonly [string, Figures]> = [
      ['baseline: one ledger write (changeBalance +1 fen, own transaction)', baseline],
      ['create + pay (wallet) in one step, as 确认订单 does (order/checkout), hourly order on a free listing', orders],
      ['create, then pay (wallet) in a second call (an unpaid order paid from 我的订单)', twoCalls],
    ];
    for (const [run, burst] of bursts.entries()) {
      rows.push([`one-window burst ${run + 1}/${BURST_RUNS}: all attempts`, burst.attempts]);
      rows.push([`one-window burst ${run + 1}/${BURST_RUNS}: refused 409 code 1006 (conflicts handled)`, burst.refused]);
    }
    for (const [what, figures] of rows) printRow(label, what, figures, baseline, notes);
    const rounds = bursts.reduce((sum, burst) => sum + burst.rounds, 0);
    const violations = bursts.reduce((sum, burst) => sum + burst.violations, 0);
    summaries.push(
      `- ${label}: create + pay (确认订单, one step) = ${fmt(orders.perSecond / baseline.perSecond, 2)} of one ledger write (${fmt(orders.perSecond)} vs ${fmt(baseline.perSecond)} per second), p95 ${fmt(orders.p95, 0)} ms; one-window burst p95 per run: ${bursts.map((burst) => `${fmt(burst.attempts.p95, 0)} ms`).join(', ')}; CPU per order ${cpuText(orders)} against ${cpuText(baseline)} per ledger write (${fmt(cpuTotal(orders) / cpuTotal(baseline), 1)}×).`,
    );
    notes.push(
      `- ${label}: ${orders.count} orders booked and paid in one step and ${twoCalls.count} in two calls over a pool of ${pool.length} listings; ${rounds} burst rounds of ${CONCURRENCY} attempts in ${BURST_RUNS} runs, rounds without exactly one winner: ${violations}; setup (migrate, seed, renters) ${fmt(setupS)} s.`,
    );
    if (violations > 0) process.exitCode = 1;
    // The money after all that contention (`npm run ledger:check`'s identity, untimed).
    const identity = await ledgerIdentity(db);
    notes.push(`- ${label}: ledger identity after the runs: ${identity.holds ? 'holds' : 'DOES NOT HOLD'} (${identity.orders} paid rentals, ${identity.mismatchedOrders} mismatched).`);
    if (!identity.holds) process.exitCode = 1;

    // The floor: the same rows written by hand (scripts/order-floor.ts), after the identity check
    // because its copies are not a consistent ledger.
    if (pgPool && templates) {
      const floor = floorWriter(pgPool, templates);
      await floor.separate(0, renters[0]!, pool[0]!);
      await floor.oneStatement(1, renters[0]!, pool[0]!);
      await floor.readOnceWriteOnce(2, renters[0]!, pool[0]!);
      let copy = 3;
      const separate = await forSeconds(async (n, renter) => floor.separate(copy++, renters[renter]!, pool[n % pool.length]!));
      const oneStatement = await forSeconds(async (n, renter) => floor.oneStatement(copy++, renters[renter]!, pool[n % pool.length]!));
      const readWrite = await forSeconds(async (n, renter) => floor.readOnceWriteOnce(copy++, renters[renter]!, pool[n % pool.length]!));
      for (const [what, figures] of [
        ['floor: the one-step order\'s rows written by hand, one statement each in one transaction (11 round trips, no reads, no rules)', separate],
        ['floor: the same rows in one statement, its own transaction (1 round trip)', oneStatement],
        ['floor: the order\'s reads in one statement, then its writes in one statement, in one transaction (4 round trips)', readWrite],
      ] as const) {
        printRow(label, what, figures, baseline, notes);
      }
      summaries.push(
        `- ${label}: the order's rows alone, written by hand: ${fmt(separate.perSecond / baseline.perSecond, 2)} of a ledger write one statement each (CPU ${cpuText(separate)}), ${fmt(oneStatement.perSecond / baseline.perSecond, 2)} in one statement (CPU ${cpuText(oneStatement)}); the one-step order reaches ${fmt(orders.perSecond / separate.perSecond, 2)} and ${fmt(orders.perSecond / oneStatement.perSecond, 2)} of them. Its reads in one statement and its writes in another: ${fmt(readWrite.perSecond / baseline.perSecond, 2)} of a ledger write (CPU ${cpuText(readWrite)}), before any rule runs.`,
      );
    }
  } finally {
    await database.close();
  }
}

const notes: string[] = [];
const summaries: string[] = [];
console.log(`\n## Orders per second (${CONCURRENCY} concurrent renters, ${SECONDS} s each)\n`);
console.log('| database | what | per second | p50 ms | p95 ms | errors | per second ÷ baseline | p95 ÷ baseline p95 | app CPU ms each | PostgreSQL CPU ms each |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
if (DRIVERS.includes('pglite')) await benchDriver('pglite', notes);
if (DRIVERS.includes('postgres')) {
  if (process.env['DATABASE_URL_TEST']) await benchDriver('postgres', notes);
  else console.log('| PostgreSQL | skipped: set DATABASE_URL_TEST | | | | | | |');
}
console.log('');
for (const summary of summaries) console.log(summary);
for (const note of notes) console.log(note);
console.log('- Resets (cancelling between passes and after each burst round) are not timed; on PGlite all queries run one at a time, so the burst is serialised there.');
console.log('\nRun: `npx tsx scripts/bench-orders.ts` (DATABASE_URL_TEST=postgres://… adds PostgreSQL; part of `npm run bench`).');
