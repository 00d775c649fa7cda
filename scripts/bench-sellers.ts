/**
 * Seller queries at marketplace size (issue 13 "Measure"): the seller's order list and earnings
 * page with 100,000 orders across 1,000 sellers on PostgreSQL (scripts/seller-load.ts writes them).
 *
 * Each call is the service the endpoint runs (listSellerOrders, getSellerEarnings), for a seller
 * picked at random per call. The baseline, measured in the same run on the same data, is the
 * renter's own order list (listOrders, page 1): the query the renter side already serves on every
 * visit to 我的订单, an index range over one user's orders. Ratios say what a seller page costs
 * relative to it. Every statement the calls send is captured once and shown with EXPLAIN ANALYZE
 * (BUFFERS), so docs/benchmarks.md can show the plans.
 *
 * Run: `npx tsx scripts/bench-sellers.ts` (part of `npm run bench`). DATABASE_URL_TEST (default
 * postgres://postgres@127.0.0.1:5432/test) must allow CREATE DATABASE; without a reachable
 * server the bench says so and exits 0. BENCH_SELLER_CALLS changes the number of timed calls.
 */
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../src/app/seed/test-database';
import { sellerEarningsQuerySchema, sellerOrdersQuerySchema } from '../src/features/sellers/contract/seller-earnings';
import { listOrders } from '../src/features/orders/server/orders';
import { orderListQuerySchema } from '../src/features/orders/wire';
import { getSellerEarnings } from '../src/features/sellers/server/seller-earnings';
import { listSellerOrders } from '../src/features/sellers/server/seller-orders';
import { ledgerIdentity } from '../src/features/sellers/server/settlement';
import { captureStatements, explain } from './bench-plans';
import { postgresReachable } from './postgres-reachable';
import { DEFAULT_SELLER_LOAD, writeSellerLoad } from './seller-load';
import { percentile } from './bench-lib';

const URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const CALLS = Number(process.env['BENCH_SELLER_CALLS'] ?? 300);
const CONCURRENCY = 8;


interface Figures {
  p50: number;
  p95: number;
  perSecond: number;
}

/** `CALLS` calls of `call`, `CONCURRENCY` at a time, after a warm-up of 20. */
async function measure(call: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < 20; i++) await call(i);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CALLS) {
        const i = next++;
        const t0 = performance.now();
        await call(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: (CALLS / elapsed) * 1000 };
}

if (!(await postgresReachable(URL))) {
  console.log(`bench-sellers: no PostgreSQL at ${URL.replace(/:[^:@/]+@/, ':***@')}; skipped`);
  process.exit(0);
}
process.env['DATABASE_URL_TEST'] = URL;

const database = await openTestDatabase({ driver: 'postgres' });
const { db } = database;
try {
  const loadStarted = performance.now();
  const sellers = await writeSellerLoad(db);
  const renters = (await db.execute<{ id: number }>(sql`select id from users where username like 'bench_renter_%' order by id`)).rows.map((row) => Number(row.id));
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const identity = await ledgerIdentity(db);
  console.log(
    `seller load: ${DEFAULT_SELLER_LOAD.sellers} sellers, ${DEFAULT_SELLER_LOAD.orders} orders (+${DEFAULT_SELLER_LOAD.heavySellerOrders} for one big merchant), ${renters.length} renters written in ${loadSeconds.toFixed(1)} s; ledger identity ${identity.holds ? 'holds' : 'FAILS'}`,
  );
  const now = new Date();
  const pick = <T>(list: readonly T[], i: number): T => list[(i * 7919) % list.length]!;
  const ordersQuery = sellerOrdersQuerySchema.parse({});
  const finishedQuery = sellerOrdersQuerySchema.parse({ filter: 'finished' });
  const deepQuery = sellerOrdersQuerySchema.parse({ page: '5' });
  const earningsQuery = sellerEarningsQuerySchema.parse({});
  const renterQuery = orderListQuerySchema.parse({});

  const cases: [string, (i: number) => Promise<unknown>][] = [
    ['baseline: renter order list, page 1 (listOrders)', (i) => listOrders(db, pick(renters, i), renterQuery, now)],
    ['seller order list, page 1 (listSellerOrders)', (i) => listSellerOrders(db, pick(sellers, i), ordersQuery, now)],
    ['seller order list, 已完成 tab', (i) => listSellerOrders(db, pick(sellers, i), finishedQuery, now)],
    ['seller order list, page 5', (i) => listSellerOrders(db, pick(sellers, i), deepQuery, now)],
    ['seller earnings page (getSellerEarnings)', (i) => getSellerEarnings(db, pick(sellers, i), earningsQuery, now)],
    [`big merchant (${DEFAULT_SELLER_LOAD.heavySellerOrders + DEFAULT_SELLER_LOAD.orders / DEFAULT_SELLER_LOAD.sellers} orders): order list, page 1`, () => listSellerOrders(db, sellers[0]!, ordersQuery, now)],
    ['big merchant: earnings page', () => getSellerEarnings(db, sellers[0]!, earningsQuery, now)],
  ];
  const results: [string, Figures][] = [];
  for (const [name, call] of cases) results.push([name, await measure(call)]);
  const baseline = results[0]![1];
  console.log(`\n${CALLS} calls each, ${CONCURRENCY} at a time, a random seller (or renter) per call; PostgreSQL through the app's pool`);
  console.log('| query | p50 ms | p95 ms | calls/s | p95 vs baseline |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, figures] of results) {
    console.log(`| ${name} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${figures.perSecond.toFixed(0)} | ${(figures.p95 / baseline.p95).toFixed(2)}× |`);
  }

  if (process.env['BENCH_SELLER_PLANS'] !== '0') {
    console.log('\nPlans (EXPLAIN ANALYZE, one seller):');
    for (const [name, call] of [cases[1]!, cases[4]!, cases[5]!, cases[6]!]) {
      const statements = await captureStatements(() => call(1));
      for (const [index, statement] of statements.entries()) {
        if (!/^\s*select/i.test(statement.text)) continue;
        console.log(`\n-- ${name}, statement ${index + 1}`);
        console.log(await explain(db, statement));
      }
    }
  }
} finally {
  await database.close();
}
