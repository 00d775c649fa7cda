/**
 * Footprint write cost (issue 16 "Measure"): what recording a view in 我的足迹 adds to the detail
 * page's signed-in call (GET detail/accountState: token lookup + like/collection state), p95 with
 * the footprint upsert against the same call without it, interleaved in the same run.
 *
 * On the demo seed with FOOTPRINT_ROWS (default 50,000) footprints already stored for USERS (200)
 * users, so the upsert meets a realistic unique index. Each iteration picks a user and a listed
 * listing at random: most upserts are first views of the day (insert), some repeat views
 * (conflict → update). Without and with alternate per iteration, so load on the machine hits both
 * alike. On PGlite (in memory) always, and on PostgreSQL when DATABASE_URL_TEST answers.
 *
 * Run: `npx tsx scripts/bench-footprint.ts` (part of `npm run bench`). BENCH_FOOTPRINT_ITERATIONS
 * changes the number of calls per variant (default 2,000).
 */
import { eq } from 'drizzle-orm';
import type { Db, DbDriver } from '../src/platform/db/client';
import { footprints, listings, users } from '../src/platform/db/schema';
import { openTestDatabase } from '../src/app/seed/test-database';
import { recordFootprint } from '../src/features/account/server/footprints';
import { accountState } from '../src/features/catalog/server/listing-interactions';
import { issueToken, resolveToken } from '../src/features/sign-in/server/tokens';
import { percentile } from './bench-lib';
import { postgresReachable } from './postgres-reachable';

const URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env['DATABASE_URL_TEST'] = URL;
const ITERATIONS = Number(process.env['BENCH_FOOTPRINT_ITERATIONS'] ?? 2_000);
const USERS = 200;
const FOOTPRINT_ROWS = Number(process.env['BENCH_FOOTPRINT_ROWS'] ?? 50_000);
const DAY_MS = 86_400_000;

interface Figures {
  p50: number;
  p95: number;
  mean: number;
}

function figures(samples: number[]): Figures {
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), mean: samples.reduce((s, x) => s + x, 0) / samples.length };
}

async function prepare(db: Db): Promise<{ tokens: { userId: number; token: string }[]; listingIds: number[] }> {
  const listingIds = (await db.select({ id: listings.id }).from(listings).where(eq(listings.isListed, true))).map((row) => row.id);
  const now = new Date();
  const created = await db
    .insert(users)
    .values(Array.from({ length: USERS }, (_, i) => ({ username: `bench_fp_${i}`, nickname: `足迹${i}` })))
    .returning({ id: users.id });
  const tokens = [];
  for (const user of created) tokens.push({ userId: user.id, token: (await issueToken(db, user.id, { now })).token });
  // Past footprints: spread over the last 89 days, so today's upserts mostly insert.
  const rows = [];
  for (let i = 0; i < FOOTPRINT_ROWS; i++) {
    const at = new Date(now.getTime() - (1 + (i % 89)) * DAY_MS - (i % 1000) * 1000);
    rows.push({ userId: created[i % USERS]!.id, listingId: listingIds[Math.floor(i / USERS) % listingIds.length]!, viewedDay: at.toISOString().slice(0, 10), viewedAt: at });
  }
  for (let i = 0; i < rows.length; i += 2_000) await db.insert(footprints).values(rows.slice(i, i + 2_000)).onConflictDoNothing();
  return { tokens, listingIds };
}

async function measure(db: Db): Promise<{ without: Figures; with: Figures }> {
  const { tokens, listingIds } = await prepare(db);
  const pick = (): { userId: number; token: string; listingId: number } => {
    const user = tokens[Math.floor(Math.random() * tokens.length)]!;
    return { ...user, listingId: listingIds[Math.floor(Math.random() * listingIds.length)]! };
  };
  // What the endpoint did before issue 16, and what it does now.
  const call = async (record: boolean): Promise<number> => {
    const { token, listingId } = pick();
    const t0 = performance.now();
    const now = new Date();
    const lookup = await resolveToken(db, token, now);
    if (!lookup.ok) throw new Error('bench token refused');
    await accountState(db, lookup.userId, listingId);
    if (record) await recordFootprint(db, lookup.userId, listingId, now);
    return performance.now() - t0;
  };
  for (let i = 0; i < 200; i++) await call(i % 2 === 0); // warm-up: plans, JIT, pool
  const without: number[] = [];
  const withFootprint: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    without.push(await call(false));
    withFootprint.push(await call(true));
  }
  return { without: figures(without), with: figures(withFootprint) };
}

async function bench(driver: DbDriver, label: string): Promise<void> {
  const database = await openTestDatabase({ driver, seed: true });
  try {
    const result = await measure(database.db);
    console.log(`\n${label}: ${ITERATIONS} calls each, ${FOOTPRINT_ROWS} footprints stored beforehand`);
    console.log('| detail/accountState | p50 ms | p95 ms | mean ms |');
    console.log('| --- | --- | --- | --- |');
    for (const [name, f] of [['without footprint', result.without], ['with footprint upsert', result.with]] as const) {
      console.log(`| ${name} | ${f.p50.toFixed(2)} | ${f.p95.toFixed(2)} | ${f.mean.toFixed(2)} |`);
    }
    const added = result.with.p95 - result.without.p95;
    console.log(`p95 added by the footprint: ${added.toFixed(2)} ms (ratio with/without p95 ${(result.with.p95 / result.without.p95).toFixed(2)}×)`);
  } finally {
    await database.close();
  }
}

await bench('pglite', 'PGlite (in memory)');
if (await postgresReachable(URL)) await bench('postgres', 'PostgreSQL (DATABASE_URL_TEST)');
else console.log(`\nbench-footprint: no PostgreSQL at ${URL.replace(/:[^:@/]+@/, ':***@')}; PostgreSQL part skipped`);
