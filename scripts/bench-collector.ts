/**
 * Collector throughput (issue 14 "Measure"): events stored per second by the buffered writer
 * (the collector endpoints' path: many requests' rows in one INSERT, each request answered once
 * its rows are committed) against a plain insert loop (one INSERT per event).
 *
 * Three ways to store the same EVENTS activity records, each on a fresh table state:
 *   1. plain loop: one INSERT per event, one after another (recordActivity);
 *   2. plain, concurrent: one INSERT per event, CONCURRENCY in flight (requests without batching);
 *   3. buffered writer: CONCURRENCY in flight, each a one-event "request" awaiting its commit
 *      (queueActivities, COLLECTOR_FLUSH_MS / COLLECTOR_FLUSH_ROWS as in production).
 * Reported: events/s, the request latency p50/p95 (ms) and how many INSERTs were sent.
 * On PGlite (in memory) always, and on PostgreSQL when DATABASE_URL_TEST (default
 * postgres://postgres@127.0.0.1:5432/test) answers; otherwise that part says it is skipped.
 *
 * Run: `npx tsx scripts/bench-collector.ts` (part of `npm run bench`). BENCH_COLLECTOR_EVENTS
 * changes the number of events (default 5000), BENCH_COLLECTOR_CONCURRENCY the in-flight count (64).
 */
import { COLLECTOR_FLUSH_MS, COLLECTOR_FLUSH_ROWS } from '../src/features/analytics/constants';
import type { Db, DbDriver } from '../src/platform/db/client';
import { pageViews } from '../src/platform/db/schema';
import { openTestDatabase } from '../src/app/seed/test-database';
import { ActivityWriter, recordActivity, toActivityRow, type ActivityRecord } from '../src/features/analytics/server/analytics';
import { percentile } from './bench-lib';
import { postgresReachable } from './postgres-reachable';

const URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(process.env['BENCH_COLLECTOR_EVENTS'] ?? 5_000);
const CONCURRENCY = Number(process.env['BENCH_COLLECTOR_CONCURRENCY'] ?? 64);
const CONTEXT = { userAgent: 'Mozilla/5.0 (bench) Chrome/126.0', userId: null };

const event = (i: number): ActivityRecord => ({
  kind: i % 3 === 0 ? 'click' : 'activity',
  name: 'zuhao',
  title: '租号大厅',
  path: `/detail/${i % 500}.html`,
  sessionId: 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6',
  sem: i % 4 === 0 ? 'baidu' : null,
  action: i % 3 === 0 ? 'listing_card' : 'interval',
  value: i % 3 === 0 ? { productId: i % 500, productName: '号' } : undefined,
  isJump: i % 3 === 0,
  time: i % 60,
});

interface Figures {
  perSecond: number;
  p50: number;
  p95: number;
  inserts: number;
}

/** Runs `store(i)` for every event, `concurrency` at a time; latencies per call. */
async function run(concurrency: number, store: (i: number) => Promise<unknown>): Promise<{ perSecond: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < EVENTS) {
        const i = next++;
        const t0 = performance.now();
        await store(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { perSecond: (EVENTS / elapsed) * 1000, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

async function measure(db: Db): Promise<Record<string, Figures>> {
  // Warm-up: plans, pool connections, the WASM JIT.
  for (let i = 0; i < 200; i++) await recordActivity(db, event(i), CONTEXT);
  await db.delete(pageViews);

  const plainLoop = { ...(await run(1, (i) => recordActivity(db, event(i), CONTEXT))), inserts: EVENTS };
  await db.delete(pageViews);
  const plainConcurrent = { ...(await run(CONCURRENCY, (i) => recordActivity(db, event(i), CONTEXT))), inserts: EVENTS };
  await db.delete(pageViews);
  const writer = new ActivityWriter(db);
  const buffered = { ...(await run(CONCURRENCY, (i) => writer.write([toActivityRow(event(i), CONTEXT)]))), inserts: writer.inserts };
  const stored = await db.$count(pageViews);
  if (stored !== EVENTS) throw new Error(`buffered writer stored ${stored} of ${EVENTS} events`);
  await db.delete(pageViews);
  return {
    'plain insert loop (1 in flight)': plainLoop,
    [`plain inserts (${CONCURRENCY} in flight)`]: plainConcurrent,
    [`buffered writer (${CONCURRENCY} in flight)`]: buffered,
  };
}

function print(label: string, results: Record<string, Figures>): void {
  const base = Object.values(results)[0]!.perSecond;
  console.log(`\n${label}: ${EVENTS} events; writer flushes every ${COLLECTOR_FLUSH_MS} ms or ${COLLECTOR_FLUSH_ROWS} rows`);
  console.log('| way | events/s | vs loop | p50 ms | p95 ms | INSERTs |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, f] of Object.entries(results)) {
    console.log(`| ${name} | ${f.perSecond.toFixed(0)} | ${(f.perSecond / base).toFixed(1)}× | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.inserts} |`);
  }
}

async function bench(driver: DbDriver, label: string): Promise<void> {
  const database = await openTestDatabase({ driver });
  try {
    print(label, await measure(database.db));
  } finally {
    await database.close();
  }
}

await bench('pglite', 'PGlite (in memory)');
if (await postgresReachable(URL)) await bench('postgres', 'PostgreSQL (DATABASE_URL_TEST)');
else console.log(`\nbench-collector: no PostgreSQL at ${URL.replace(/:[^:@/]+@/, ':***@')}; PostgreSQL part skipped`);
