/**
 * The console overview's queries at marketplace size (issue 15 "Measure": each under 200 ms at
 * 1,000,000 events and 100,000 orders on PostgreSQL).
 *
 * Creates its own PostgreSQL database (dropped at the end), writes 1,000,000 collector events and
 * 100,000 rental orders spread over 90 days with set-based SQL (INSERT ... SELECT generate_series),
 * then times each query of services/ops/dashboard.ts over the page's default range (the last 14
 * Shanghai days) and over the longest range (92 days), the longest range once before the daily
 * rollup has run (every day counted from the events) and every figure after it (today is still
 * counted live, as on the site). Baseline, measured in the same run: a plain
 * `select count(*) from page_views` (one pass over the events). The same queries are timed again
 * with the overview's indexes (migration dashboard_custom) dropped, and the plans printed with
 * EXPLAIN ANALYZE.
 *
 * Run: `npx tsx scripts/bench-dashboard.ts` (part of `npm run bench`). DATABASE_URL_TEST (default
 * postgres://postgres@127.0.0.1:5432/test) must allow CREATE DATABASE; without a reachable server
 * the bench says so and exits 0. BENCH_DASHBOARD_RUNS (default 30) sets the timed runs per query;
 * BENCH_DASHBOARD_EVENTS / BENCH_DASHBOARD_ORDERS the sizes; BENCH_DASHBOARD_PLANS=0 skips plans.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client';
import { openTestDatabase } from '../src/app/seed/test-database';
import { resolveDashboardRange, type DashboardRange } from '../src/features/console/rules/dashboard-range';
import { DASHBOARD_MAX_DAYS, DASHBOARD_TOP_N } from '../src/features/console/constants';
import { channelsInRange, complaintRates, funnelInRange, loadDashboard, moneyPerDay, topGames, topListings, trafficPerDay } from '../src/features/console/server/dashboard';
import { readTrafficCounts, rollUpTrafficDays, type TrafficCounts } from '../src/features/analytics/server/traffic-rollup';
import { captureStatements, explain } from './bench-plans';
import { postgresReachable } from './postgres-reachable';
import { percentile } from './bench-lib';

const URL = process.env['DATABASE_URL_TEST'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const RUNS = Number(process.env['BENCH_DASHBOARD_RUNS'] ?? 30);
const EVENTS = Number(process.env['BENCH_DASHBOARD_EVENTS'] ?? 1_000_000);
const ORDERS = Number(process.env['BENCH_DASHBOARD_ORDERS'] ?? 100_000);
const SELLERS = 1_000;
const LISTINGS_PER_SELLER = 5;
const RENTERS = 20_000;
const GAMES = 12;
const DAYS = 90;
const BUDGET_MS = 200;
const INDEXES = ['seller_earnings_paid_idx', 'orders_rental_paid_idx', 'channel_conversions_created_idx'];

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const t0 = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Sellers, listings over 12 games (a few popular, a long tail), renters, orders and their earnings, complaints, events. */
async function writeLoad(db: Db): Promise<void> {
  const listings = SELLERS * LISTINGS_PER_SELLER;
  await timed('catalogue and users', async () => {
    await db.execute(sql`insert into games (name, slug, icon, sort) select '压测游戏' || g, 'bench-game-' || g, '/covers/bench.svg', g from generate_series(1, ${GAMES}) g`);
    await db.execute(sql`insert into users (username, nickname, is_real_name) select 'bench_seller_' || g, '卖家' || g, true from generate_series(1, ${SELLERS}) g`);
    await db.execute(sql`insert into users (username, nickname, is_real_name) select 'bench_renter_' || g, '租客' || g, true from generate_series(1, ${RENTERS}) g`);
    await db.execute(sql`insert into shops (owner_user_id, name, cert_type) select u.id, '压测店铺' || u.id, (u.id % 3)::smallint from users u where u.username like 'bench_seller_%'`);
    // Game popularity falls off: listing n's game is picked by a squared fraction, so the first games take most listings.
    await db.execute(sql`
      with g as (select id, row_number() over (order by id) - 1 as rank from games where slug like 'bench-game-%')
      insert into listings (shop_id, game_id, title, role_name, rental_fen, deposit_fen)
      select s.id, g.id, '压测账号 ' || s.id || '-' || k, '角色' || k, 300 + (s.id * 7 + k * 13) % 2000, 0
      from shops s join users u on u.id = s.owner_user_id cross join generate_series(1, ${LISTINGS_PER_SELLER}) k
      join g on g.rank = floor(${GAMES} * power(((s.id * ${LISTINGS_PER_SELLER} + k) % 97) / 97.0, 2))::int
      where u.username like 'bench_seller_%'`);
  });
  await timed(`${ORDERS.toLocaleString('en')} orders with earnings and complaints`, async () => {
    // Order n is paid at an even step across the 90 days, on listing n mod L (so one listing's
    // rentals are days apart and never overlap), by a renter spread over all of them; 1 in 10 was
    // cancelled early with half the rent back; the newest still running.
    await db.execute(sql`
      with l as (select id, rental_fen, row_number() over (order by id) - 1 as n from listings),
           r as (select min(id) as first from users where username like 'bench_renter_%'),
           o as (select n, now() - interval '${sql.raw(String(DAYS))} days' + (n::float8 / ${ORDERS}) * interval '${sql.raw(String(DAYS))} days' - interval '3 hours' as paid from generate_series(0, ${ORDERS - 1}) n)
      insert into orders (order_no, kind, user_id, status, listing_id, rental_id, rental_option, hours, starts_at, ends_at,
                          original_fen, pay_fen, deposit_fen, total_fen, pay_channel, pay_deadline, paid_at, finished_at, cancelled_at, refund_fen, created_at)
      select 'D' || lpad(o.n::text, 12, '0'), 'rental', r.first + (o.n * 7919) % ${RENTERS},
             case when o.n % 10 = 0 then 5 when o.paid + interval '2 hours' > now() then 3 else 4 end,
             l.id, 1, 'hourly', 2, o.paid, o.paid + interval '2 hours',
             l.rental_fen * 2, l.rental_fen * 2, 0, l.rental_fen * 2, 'wallet', o.paid + interval '15 minutes', o.paid,
             case when o.n % 10 <> 0 and o.paid + interval '2 hours' <= now() then o.paid + interval '2 hours' end,
             case when o.n % 10 = 0 then o.paid + interval '1 hour' end,
             case when o.n % 10 = 0 then l.rental_fen else 0 end,
             o.paid - interval '1 minute'
      from o cross join r join l on l.n = o.n % ${listings}`);
    await db.execute(sql`
      insert into seller_earnings (order_id, seller_user_id, listing_id, cert_type, commission_bps, rent_fen, refunded_fen, commission_fen, seller_fen, status, paid_at)
      select o.id, s.owner_user_id, o.listing_id, s.cert_type, 1000, o.pay_fen, o.refund_fen, c.fen, o.pay_fen - o.refund_fen - c.fen, 'frozen', o.paid_at
      from orders o join listings l on l.id = o.listing_id join shops s on s.id = l.shop_id
      cross join lateral (select ((o.pay_fen - o.refund_fen)::bigint * 1000 + 5000) / 10000 as fen) c
      where o.order_no like 'D%'`);
    // One complaint in 100 orders, one in 10 for the shops of every 37th seller (so the ranking has a head).
    await db.execute(sql`
      insert into complaints (user_id, order_id, type, content, status, created_at)
      select o.user_id, o.id, 1, '账号无法登录，请处理', 1, o.paid_at + interval '30 minutes'
      from orders o where o.order_no like 'D%' and (o.id % 100 = 0 or (o.shop_id % 37 = 0 and o.id % 10 = 0))`);
    // Six renters in ten arrived through a channel and were counted as a conversion when they registered.
    await db.execute(sql`
      insert into channel_conversions (user_id, conversion_type, channel, bd_vid, landing_url, created_at)
      select u.id, 6, case when u.id % 5 = 0 then null else (array['qihu360', 'wx', 'toutiao', 'douyin'])[1 + u.id % 4] end,
             case when u.id % 5 = 0 then 'bd' || u.id end, 'https://zuhao.example/?a=x',
             now() - (u.id % ${DAYS * 24}) * interval '1 hour'
      from users u where u.username like 'bench_renter_%' and u.id % 10 < 6`);
  });
  await timed(`${EVENTS.toLocaleString('en')} collector events`, async () => {
    // Event g at an even step across the 90 days (ids grow with time, as the collector appends);
    // six events a session, 1 in 20 sessions without storage (no session id), 3 in 10 signed in,
    // 1 in 5 from one of six channels. 85 % page views over the site's routes, 12 % tracked
    // clicks (a quarter of them 立即租号), 3 % activity pings.
    await db.execute(sql`
      with r as (select min(id) as first from users where username like 'bench_renter_%'),
           e as (select g, g / 6 as s, (g * 31) % 100 as h from generate_series(0, ${EVENTS - 1}) g)
      insert into page_views (kind, name, path, user_id, session_id, sem, action, created_at)
      select case when e.g % 100 < 85 then 'pageview' when e.g % 100 < 97 then 'click' else 'activity' end,
             case when e.h < 20 then 'home' when e.h < 40 then 'zuhao' when e.h < 50 then 'zuhao_game' when e.h < 75 then 'detail'
                  when e.h < 80 then 'tejia' when e.h < 85 then 'order' when e.h < 90 then 'personal' else 'free' end,
             case when e.h between 50 and 74 then '/detail/' || (e.g % 5000) || '.html' else '/' end,
             case when e.s % 10 < 3 then r.first + (e.s * 7919) % ${RENTERS} end,
             case when e.s % 20 <> 0 then md5(e.s::text) end,
             case when e.s % 5 = 0 then (array['baidu', 'qihu360', 'wx', 'toutiao', 'douyin', 'bilibili'])[1 + (e.s / 5) % 6] end,
             case when e.g % 100 between 85 and 96 then (case when (e.g * 17) % 100 < 25 then 'rent_button' when (e.g * 17) % 100 < 60 then 'listing_card' else 'nav' end) end,
             now() - interval '${sql.raw(String(DAYS))} days' + (e.g::float8 / ${EVENTS}) * interval '${sql.raw(String(DAYS))} days'
      from e cross join r`);
  });
  // What autovacuum does to an append-only table in production: statistics and the visibility map (index-only scans).
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));
}

interface Figures {
  p50: number;
  p95: number;
}

async function measure(call: () => Promise<unknown>, runs: number): Promise<Figures> {
  for (let i = 0; i < 3; i++) await call();
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

if (!(await postgresReachable(URL))) {
  console.log(`bench-dashboard: no PostgreSQL at ${URL.replace(/:[^:@/]+@/, ':***@')}; skipped`);
  process.exit(0);
}
process.env['DATABASE_URL_TEST'] = URL;

const database = await openTestDatabase({ driver: 'postgres' });
const { db } = database;
try {
  console.log(`writing ${EVENTS.toLocaleString('en')} events and ${ORDERS.toLocaleString('en')} orders over ${DAYS} days:`);
  const loadStarted = performance.now();
  await writeLoad(db);
  console.log(`  total: ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

  const now = new Date();
  const fortnight = resolveDashboardRange({}, now);
  const longest = resolveDashboardRange({ from: '2000-01-01', to: resolveDashboardRange({}, now).to }, now);
  // The page reads the events once (readTrafficCounts) and hands the counts to the three figures made of them.
  const counted = new Map<DashboardRange, TrafficCounts>();
  for (const range of [fortnight, longest]) counted.set(range, await readTrafficCounts(db, range));
  const queries: [string, (range: DashboardRange) => Promise<unknown>][] = [
    ['the events per day: traffic, channel visits, funnel steps (readTrafficCounts)', (range) => readTrafficCounts(db, range)],
    ['traffic per day (trafficPerDay, from the counts)', (range) => trafficPerDay(db, range, counted.get(range))],
    ['channels: conversions (channelsInRange, with the counts)', (range) => channelsInRange(db, range, DASHBOARD_TOP_N, counted.get(range))],
    ['funnel: renters who paid (funnelInRange, with the counts)', (range) => funnelInRange(db, range, counted.get(range))],
    ['money per day (moneyPerDay)', (range) => moneyPerDay(db, range)],
    ['top games (topGames)', (range) => topGames(db, range)],
    ['top listings (topListings)', (range) => topListings(db, range)],
    ['complaint rate per seller (complaintRates)', (range) => complaintRates(db, range)],
  ];
  const baseline = await measure(() => db.execute(sql`select count(*) from page_views`), RUNS);
  const rowsInRange = await db.execute<{ n: string }>(
    sql`select count(*) as n from page_views where created_at >= ${fortnight.start.toISOString()}::timestamptz and created_at < ${fortnight.end.toISOString()}::timestamptz`,
  );
  console.log(`\n${RUNS} runs per query, one at a time, after 3 warm-up runs; the default range ${fortnight.from} .. ${fortnight.to} holds ${Number(rowsInRange.rows[0]!.n).toLocaleString('en')} events`);
  console.log(`baseline: select count(*) from page_views: p50 ${baseline.p50.toFixed(1)} ms, p95 ${baseline.p95.toFixed(1)} ms`);
  // The longest range before the rollup has run: every day counted from page_views.
  const unrolled: Figures[] = [];
  for (const [, call] of queries) unrolled.push(await measure(() => call(longest), Math.max(5, Math.round(RUNS / 3))));
  const rollStarted = performance.now();
  const rolledDays = await rollUpTrafficDays(db, now);
  console.log(`rollup (the housekeeping round's rollUpTrafficDays): ${rolledDays} settled days in ${((performance.now() - rollStarted) / 1000).toFixed(1)} s`);
  const results: [string, Figures, Figures][] = [];
  for (const [name, call] of queries) {
    results.push([name, await measure(() => call(fortnight), RUNS), await measure(() => call(longest), Math.max(5, Math.round(RUNS / 3)))]);
  }
  // The same queries without the overview's indexes (a fortnight only), then the indexes back.
  for (const index of INDEXES) await db.execute(sql.raw(`alter index ${index} rename to ${index}_off`));
  for (const index of INDEXES) await db.execute(sql.raw(`update pg_index set indisvalid = false where indexrelid = '${index}_off'::regclass`));
  const without: Figures[] = [];
  for (const [, call] of queries) without.push(await measure(() => call(fortnight), Math.max(5, Math.round(RUNS / 3))));
  for (const index of INDEXES) await db.execute(sql.raw(`update pg_index set indisvalid = true where indexrelid = '${index}_off'::regclass`));
  for (const index of INDEXES) await db.execute(sql.raw(`alter index ${index}_off rename to ${index}`));

  const days = DASHBOARD_MAX_DAYS;
  console.log(
    `\n| query | 14 days p50 ms | 14 days p95 ms | p95 vs count(*) | without the indexes p50 ms | ${days} days p50 ms | ${days} days p95 ms | ${days} days p95 before the rollup ms | under ${BUDGET_MS} ms (p95, both ranges) |`,
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [i, [name, figures, long]] of results.entries()) {
    console.log(
      `| ${name} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ${(figures.p95 / baseline.p95).toFixed(2)}× | ${without[i]!.p50.toFixed(1)} | ${long.p50.toFixed(1)} | ${long.p95.toFixed(1)} | ${unrolled[i]!.p95.toFixed(1)} | ${Math.max(figures.p95, long.p95) < BUDGET_MS ? 'yes' : 'NO'} |`,
    );
  }
  const page = await measure(() => loadDashboard(db, fortnight), Math.max(5, Math.round(RUNS / 3)));
  const longPage = await measure(() => loadDashboard(db, longest), Math.max(5, Math.round(RUNS / 3)));
  console.log(
    `| the whole page (loadDashboard) | ${page.p50.toFixed(1)} | ${page.p95.toFixed(1)} | ${(page.p95 / baseline.p95).toFixed(2)}× | | ${longPage.p50.toFixed(1)} | ${longPage.p95.toFixed(1)} | | (the budget is per query) |`,
  );

  if (process.env['BENCH_DASHBOARD_PLANS'] !== '0') {
    console.log(`\nPlans (EXPLAIN ANALYZE, the longest range: ${longest.from} .. ${longest.to}, today counted live):`);
    for (const [name, call] of queries) {
      const statements = await captureStatements(() => call(longest));
      for (const statement of statements) {
        if (!/^\s*(select|with)/i.test(statement.text)) continue;
        console.log(`\n-- ${name}`);
        console.log(await explain(db, statement));
      }
    }
  }
} finally {
  await database.close();
}
