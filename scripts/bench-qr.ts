/**
 * QR polling under load (docs/sign-in-api.md "QR login"): 200 open sessions, each polled by its own
 * poller every QR_POLL_WECHAT_MS (spec §9: 500 ms) for 10 s, as 200 browsers showing a WeChat code
 * would. Prints p50/p95 of pollQrSession and, measured in the same run with the same concurrency
 * and cadence, p95 of a trivial `select 1`, and their ratio: what one poll costs beyond a round
 * trip to the database. Pollers start spread over one interval, as real browsers are.
 *
 * Runs on PGlite (in memory) and, when DATABASE_URL_TEST is set, on a fresh PostgreSQL database
 * (created and dropped by openTestDatabase). Nothing else is started.
 *
 * Run: `npx tsx scripts/bench-qr.ts`. BENCH_SESSIONS and BENCH_SECONDS change the size.
 */
import { sql } from 'drizzle-orm';
import { QR_POLL_WECHAT_MS } from '../src/features/sign-in/constants';
import { type Db, type DbDriver } from '../src/platform/db/client';
import { openTestDatabase } from '../src/app/seed/test-database';
import { isAppError } from '../src/platform/http/errors';
import { createQrSession, pollQrSession, type CreatedQrSession } from '../src/features/sign-in/server/qr-login';
import { percentile } from './bench-lib';

const SESSIONS = Number(process.env['BENCH_SESSIONS'] ?? 200);
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const INTERVAL_MS = QR_POLL_WECHAT_MS;

interface PhaseResult {
  latenciesMs: number[];
  calls: number;
  rateLimited: number;
  errors: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));


/**
 * `workers` loops, each starting at a random offset within one interval and then calling `work(i)`
 * every INTERVAL_MS (counted from the start of the previous call) until `durationMs` has passed.
 */
async function runPhase(workers: number, durationMs: number, work: (worker: number) => Promise<void>): Promise<PhaseResult> {
  const result: PhaseResult = { latenciesMs: [], calls: 0, rateLimited: 0, errors: 0 };
  const started = performance.now();
  const endsAt = started + durationMs;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      let next = started + Math.random() * INTERVAL_MS;
      for (;;) {
        await sleep(next - performance.now());
        if (performance.now() >= endsAt) return;
        const t0 = performance.now();
        try {
          await work(worker);
          result.latenciesMs.push(performance.now() - t0);
        } catch (error) {
          if (isAppError(error) && error.httpStatus === 429) result.rateLimited += 1;
          else {
            result.errors += 1;
            if (result.errors === 1) console.error(error);
          }
        }
        result.calls += 1;
        // Like a browser's setTimeout chain: the next poll is due one interval after this one
        // started. (A fixed schedule would fire a late poll and its on-time successor back to back,
        // which is exactly what the 250 ms floor refuses; PGlite runs in this thread, so timers here
        // can fire a few hundred ms late while its queue drains.)
        next = t0 + INTERVAL_MS;
      }
    }),
  );
  result.latenciesMs.sort((a, b) => a - b);
  return result;
}

const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;

async function benchDriver(driver: DbDriver): Promise<void> {
  const testDb = await openTestDatabase({ driver, seed: false });
  const db: Db = testDb.db;
  try {
    const now = new Date();
    const sessions: CreatedQrSession[] = [];
    for (let i = 0; i < SESSIONS; i += 1) {
      sessions.push(await createQrSession(db, { platform: 'wechat', origin: 'http://localhost' }, now));
    }
    // Warm both statements (plan caches, pool connections) before measuring.
    await Promise.all(sessions.slice(0, 20).map(() => db.execute(sql`select 1`)));

    const baseline = await runPhase(SESSIONS, SECONDS * 1000, async () => {
      await db.execute(sql`select 1`);
    });
    const polls = await runPhase(SESSIONS, SECONDS * 1000, async (worker) => {
      const session = sessions[worker]!;
      await pollQrSession(db, { id: session.id, browserSecret: session.browserSecret, platform: 'wechat' }, new Date());
    });

    const pollP50 = percentile(polls.latenciesMs, 50);
    const pollP95 = percentile(polls.latenciesMs, 95);
    const baseP50 = percentile(baseline.latenciesMs, 50);
    const baseP95 = percentile(baseline.latenciesMs, 95);
    console.log(`\n${driver}: ${SESSIONS} sessions, ${SESSIONS} concurrent pollers every ${INTERVAL_MS} ms for ${SECONDS} s`);
    console.log(
      `  pollQrSession  p50 ${fmt(pollP50)}  p95 ${fmt(pollP95)}  (${polls.calls} calls, ${polls.rateLimited} × 429, ${polls.errors} errors)`,
    );
    console.log(`  select 1       p50 ${fmt(baseP50)}  p95 ${fmt(baseP95)}  (${baseline.calls} calls, ${baseline.errors} errors)`);
    console.log(`  p95 ratio poll / select 1: ${(pollP95 / baseP95).toFixed(2)}`);
  } finally {
    await testDb.close();
  }
}

async function main(): Promise<void> {
  await benchDriver('pglite');
  if (process.env['DATABASE_URL_TEST']) await benchDriver('postgres');
  else console.log('\npostgres: skipped (set DATABASE_URL_TEST=postgres://user@host:5432/db to run)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
