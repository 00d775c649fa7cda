/**
 * The rental-hall query at scale (issue 3 "Measure"): p50 and p95 of `searchListings` for six
 * representative filter sets on a scratch database of 100,000 listings, on PGlite (in memory) and
 * on PostgreSQL (a fresh database on DATABASE_URL_TEST, default postgres://postgres@127.0.0.1:5432/test,
 * created and dropped here; skipped when the server does not answer), then the EXPLAIN ANALYZE of
 * the default hall query on PostgreSQL. Budget: p95 under 20 ms on PostgreSQL.
 *
 * BENCH_PGLITE=0 skips PGlite.
 * Each listing's record (issue 26) is counted from BENCH_ORDERS (1,000,000) finished rentals, and
 * the hall with the record on its cards is timed against the same query with no record to read.
 *
 * Run: `npx tsx scripts/bench-catalog.ts` (src uses the ~ alias and extensionless imports, which
 * Node's own type stripping does not resolve). BENCH_LISTINGS and BENCH_RUNS change the size.
 */
import { pathToFileURL } from 'node:url';
import type { HallQuery } from '../src/features/catalog/types';
import { ACCOUNT_TYPE_ATTR_NAME, ACCOUNT_TYPE_VALUE } from '../src/platform/config/constants';
import { type Db, type DbDriver, type TestDatabase } from '../src/platform/db/client';
import { openTestDatabase } from '../src/app/seed/test-database';
import { GAME_CATALOG, ROLE_NAME_PARTS, TITLE_TAGS, coverPath } from '../src/app/seed/catalog';
import { games, platforms, shops, zones } from '../src/platform/db/schema';
import { hallQueries, searchListings } from '../src/features/catalog/server/catalog';
import { recountListingStats } from '../src/features/catalog/server/listing-record';
import { postgresReachable } from './postgres-reachable.ts';
import { percentile } from './bench-lib';
import { APPEND_ONLY_TABLES } from '../src/platform/db/append-only';

const LISTINGS = Number(process.env['BENCH_LISTINGS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 200);
const ORDERS = Number(process.env['BENCH_ORDERS'] ?? 1_000_000);
/** Issue 26: the hall with the record on its cards stays within 10 % of the hall without one. */
const RECORD_COST_MAX_RATIO = 1.1;
const WARMUP = 20;
const BUDGET_P95_MS = 20;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** What a driver's client can do that the bench needs (pg Pool and PGlite both have query). */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  exec?(text: string): Promise<unknown>;
}

function clientOf(db: Db): RawClient {
  return (db as unknown as { $client: RawClient }).$client;
}

const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]): string => `array[${items.map(literal).join(',')}]::text[]`;
const intArray = (items: readonly number[]): string => `array[${items.join(',')}]::int[]`;
/** 1-based random index into an array of n items. */
const pick = (n: number): string => `(1 + floor(random() * ${n})::int)`;

// ---------------------------------------------------------------------------------------------
// scratch data

/**
 * One INSERT ... SELECT generate_series per (game, platform), sized by the demo catalogue's weights,
 * with the demo's vocabulary and proportions (seed.ts): about 8% unlisted, 55% without deposit, 60%
 * VIP discount, 30% bargain, 8% top shelf; hafu-coin accounts of 50万 to 2亿 coins for 三角洲行动.
 * setseed makes every run insert the same rows.
 */
export async function fillListings(db: Db, total: number): Promise<void> {
  const client = clientOf(db);
  const gameRows = await db.select().from(games);
  const platformRows = await db.select().from(platforms);
  const zoneRows = await db.select().from(zones);
  const shopIds = (await db.select({ id: shops.id }).from(shops)).map((row) => row.id);
  const weightSum = GAME_CATALOG.reduce((sum, game) => sum + game.listingCount, 0);

  // The demo's listings go, and with them (cascade) its orders and what hangs off them, history
  // included: on this scratch database only, the history tables' TRUNCATE guard is lifted for that
  // one statement (migration 0042_history_truncate_custom; the row guards never fire on TRUNCATE).
  const statements: string[] = [
    'select setseed(0.2024)',
    ...APPEND_ONLY_TABLES.map((table) => `alter table ${table} disable trigger ${table}_no_truncate`),
    'truncate listings restart identity cascade',
    ...APPEND_ONLY_TABLES.map((table) => `alter table ${table} enable trigger ${table}_no_truncate`),
  ];
  let remaining = total;
  GAME_CATALOG.forEach((game, gameIndex) => {
    const gameRow = gameRows.find((row) => row.slug === game.slug)!;
    const gamePlatforms = platformRows.filter((row) => row.gameId === gameRow.id);
    const gameCount = gameIndex === GAME_CATALOG.length - 1 ? remaining : Math.round((total * game.listingCount) / weightSum);
    remaining -= gameCount;
    gamePlatforms.forEach((platform, platformIndex) => {
      const count = platformIndex === gamePlatforms.length - 1 ? gameCount - Math.floor(gameCount / gamePlatforms.length) * (gamePlatforms.length - 1) : Math.floor(gameCount / gamePlatforms.length);
      const zoneIds = zoneRows.filter((zone) => zone.gameId === gameRow.id && (zone.platformId === null || zone.platformId === platform.id)).map((zone) => zone.id);
      const zoneExpr = zoneIds.length > 0 ? `(${intArray(zoneIds)})[${pick(zoneIds.length)}]` : 'null';
      const covers = textArray([1, 2, 3, 4].map((variant) => coverPath(game.slug, variant)));
      const coinsExpr = game.hasHafuCoin
        ? `case when coin_account then (floor(exp(ln(2000000) + random() * (ln(200000000) - ln(2000000))) / 10000) * 10000)::bigint
                else (floor(exp(ln(500000) + random() * (ln(8000000) - ln(500000))) / 10000) * 10000)::bigint end`
        : '0::bigint';
      const title = game.hasHafuCoin
        ? `case when coin_account then '【哈夫币' || (coins / 10000) || '万】' else '【' || skins || '皮肤】' end || rank || ' ' || highlight || ' ' || tag`
        : `'【' || rank || '】' || skins || '皮肤 ' || highlight || ' ' || tag`;
      statements.push(`
insert into listings (shop_id, game_id, platform_id, zone_id, title, role_name, imgs, rental_fen, min_rental_hours, deposit_fen,
  is_rented, is_reservation, is_listed, seller_state, is_use_bargain, is_use_vip_discount, top_shelf, is_insurance, third_type, rental_time,
  game_money, money_exchange_rate, activity_discount, promo_rental_hours, promo_bonus_hours,
  daily_rental, ten_hour_rental, weekly_rental, morning_rental, afternoon_rental, night_rental, popularity, created_at, updated_at)
select shop_id, ${gameRow.id}, ${platform.id}, zone_id, left(${title}, 120), role_name, jsonb_build_array(cover), rental_fen, min_rental_hours, deposit_fen,
  is_rented, is_reservation, is_listed, case when is_listed then 'on_shelf' else 'off_shelf' end, is_use_bargain, is_use_vip_discount, top_shelf, is_insurance, third_type, rental_time,
  coins, ${game.hasHafuCoin ? `(array[300000,350000,400000,500000])[${pick(4)}]` : 'null'}, activity_discount,
  case when promo then 5 end, case when promo then 1 end,
  daily_rental, ten_hour_rental, weekly_rental, morning_rental, afternoon_rental, night_rental, popularity, created_at, created_at
from (
  select *, ${coinsExpr} as coins
  from (
    select i,
      (${intArray(shopIds)})[${pick(shopIds.length)}] as shop_id,
      ${zoneExpr} as zone_id,
      random() < 0.6 as coin_account,
      ${game.skinRange[0]} + floor(random() * ${game.skinRange[1] - game.skinRange[0] + 1})::int as skins,
      (${textArray(game.ranks)})[${pick(game.ranks.length)}] as rank,
      (${textArray(game.highlights)})[${pick(game.highlights.length)}] as highlight,
      (${textArray(TITLE_TAGS)})[${pick(TITLE_TAGS.length)}] as tag,
      (${textArray(ROLE_NAME_PARTS[0])})[${pick(ROLE_NAME_PARTS[0].length)}] || (${textArray(ROLE_NAME_PARTS[1])})[${pick(ROLE_NAME_PARTS[1].length)}] as role_name,
      (${covers})[${pick(4)}] as cover,
      (2 + floor(random() * 59)::int) * 50 as rental_fen,
      (array[1,1,1,1,1,1,1,2,3,5])[${pick(10)}] as min_rental_hours,
      case when random() < 0.55 then 0 else (2 + floor(random() * 19)::int) * 500 end as deposit_fen,
      random() < 0.22 as is_rented,
      random() < 0.35 as is_reservation,
      random() >= 0.08 as is_listed,
      random() < 0.3 as is_use_bargain,
      random() < 0.6 as is_use_vip_discount,
      random() < 0.08 as top_shelf,
      random() < 0.35 as is_insurance,
      case when random() < 0.1 then 'uhaozu' end as third_type,
      case when random() < 0.8 then '00:00-23:59' else (array['08:00-23:00','09:00-22:00','18:00-02:00'])[${pick(3)}] end as rental_time,
      case when random() < 0.15 then (array[0.8,0.85,0.9,0.95])[${pick(4)}] end as activity_discount,
      random() < 0.15 as promo,
      random() < 0.75 as daily_rental, random() < 0.45 as ten_hour_rental, random() < 0.25 as weekly_rental,
      random() < 0.3 as morning_rental, random() < 0.3 as afternoon_rental, random() < 0.4 as night_rental,
      floor(power(random(), 3) * 5000)::int as popularity,
      now() - random() * interval '150 days' as created_at
    from generate_series(1, ${count}) as i
  ) base
) drafted`);
    });
  });

  const sjz = gameRows.find((row) => row.slug === 'sjz')!;
  // spec §3 attrs: the account type of every hafu-coin listing, and a rank for every listing.
  statements.push(`
insert into listing_attrs (listing_id, attr_name, value)
select id, ${literal(ACCOUNT_TYPE_ATTR_NAME)}, case when title like '【哈夫币%' then ${literal(ACCOUNT_TYPE_VALUE.hafuCoin)} else ${literal(ACCOUNT_TYPE_VALUE.skin)} end
from listings where game_id = ${sjz.id}`);
  statements.push(`insert into listing_attrs (listing_id, attr_name, value) select id, '段位', substring(title from '】([^ ]+)') from listings`);

  const script = statements.join(';\n');
  if (client.exec) await client.exec(script);
  else await client.query(script);
  // Fresh statistics and visibility map, as autovacuum would leave them on a live server.
  await client.query('vacuum analyze listings');
  await client.query('vacuum analyze listing_attrs');
}

/**
 * The rental history behind each listing's record (issue 26: "at 100,000 listings and 1,000,000
 * orders"): `orders` finished rentals spread over the listings with a long tail (a few listings
 * rented often, most rarely, a tenth never), a complaint on one in 40 of them, an owner's answer
 * on most complaints; then the records are counted from those rows by recountListingStats, the
 * same statement that checks the incremental counts, so the cards read real figures.
 */
export async function fillHistory(db: Db, total: number, now: Date): Promise<void> {
  const client = clientOf(db);
  const [renter] = (await client.query(`select id from users where username = 'renter01'`)).rows;
  if (!renter) throw new Error('the demo renter is missing');
  const listingCount = Number((await client.query('select max(id) as n from listings')).rows[0]!['n']);
  const script = `
select setseed(0.2026);
insert into orders (order_no, kind, user_id, status, listing_id, rental_id, rental_option, hours, starts_at, ends_at,
  original_fen, pay_fen, total_fen, pay_channel, pay_deadline, paid_at, finished_at, created_at)
select 'BH' || lpad(i::text, 12, '0'), 'rental', ${Number(renter['id'])}, 4, listing_id, 1, 'hourly', hours, starts_at, starts_at + hours * interval '1 hour',
  hours * 500, hours * 500, hours * 500, 'wallet', starts_at, starts_at, starts_at + hours * interval '1 hour', starts_at
from (
  select i,
    -- nine in ten listings have history; the square of a uniform number crowds rentals onto few of them
    floor(power(random(), 2) * ${Math.floor(listingCount / 10)})::int * 10 + 1 + floor(random() * 9)::int as listing_id,
    (array[1,1,2,2,3,5])[${pick(6)}] as hours,
    ${literal(now.toISOString())}::timestamptz - interval '1 day' - random() * interval '365 days' as starts_at
  from generate_series(1, ${total}) as i
) drafted;
insert into complaints (user_id, order_id, type, content, status, created_at)
select user_id, id, 1, '账号无法登录', 2, ends_at + interval '10 minutes' from orders where order_no like 'BH%' and id % 40 = 0;
insert into complaint_answers (complaint_id, seller_user_id, content, created_at)
select c.id, s.owner_user_id, '已修改密码，请重试', c.created_at + (60 + floor(random() * 7200)::int) * interval '1 second'
from complaints c join orders o on o.id = c.order_id join shops s on s.id = o.shop_id where c.id % 5 <> 0`;
  if (client.exec) await client.exec(script);
  else await client.query(script);
  await recountListingStats(db, now);
  await client.query('vacuum analyze orders');
  await client.query('vacuum analyze listing_stats');
}

// ---------------------------------------------------------------------------------------------
// measuring

interface FilterSet {
  name: string;
  query: (ids: { sjz: number; wzry: number }) => HallQuery;
}

const FILTER_SETS: FilterSet[] = [
  { name: 'game only, default sort', query: ({ wzry }) => ({ game_id: wzry }) },
  { name: 'game + price 5-15 yuan, price_asc', query: ({ wzry }) => ({ game_id: wzry, price_min: 5, price_max: 15, sort: 'price_asc' }) },
  { name: 'no_deposit + vip_discount, popular (all games)', query: () => ({ no_deposit: true, vip_discount: true, sort: 'popular' }) },
  { name: 'hafu game + hafu_tier 10m + account_type 哈夫币号', query: ({ sjz }) => ({ game_id: sjz, hafu_tier: '10m', account_type: ACCOUNT_TYPE_VALUE.hafuCoin }) },
  { name: 'keyword 荣耀典藏 (all games)', query: () => ({ keyword: '荣耀典藏' }) },
  { name: 'game only, 口碑优先 (record sort)', query: ({ wzry }) => ({ game_id: wzry, sort: 'record' }) },
];

interface Figures {
  p50: number;
  p95: number;
  total: number;
}


async function measure(db: Db, query: HallQuery): Promise<Figures> {
  const now = new Date();
  let total = 0;
  for (let i = 0; i < WARMUP; i++) total = (await searchListings(db, query, now)).total;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await searchListings(db, query, now);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/** The record's cost on one hall query: p95 with every card's record, and with none to read. */
interface RecordCost {
  name: string;
  withRecord: Figures;
  withoutRecord: Figures;
}

const RECORD_COST_SETS: FilterSet[] = [{ name: 'default hall (no filter, default sort)', query: () => ({}) }, FILTER_SETS[0]!];
const RECORD_COST_BLOCKS = 6;

/**
 * The baseline a skeptic would pick for "within 10 % of today's hall query": the same query in the
 * same run on the same rows, with listing_stats emptied, i.e. the hall as it was before listings had
 * records (the left join then finds nothing). Measured in alternating blocks, with and without, so
 * a change in the machine's load falls on both sides.
 */
async function measureRecordCost(db: Db, ids: { sjz: number; wzry: number }): Promise<RecordCost[]> {
  const client = clientOf(db);
  await client.query('create table listing_stats_kept as select * from listing_stats');
  const runs = Math.max(1, Math.round(RUNS / RECORD_COST_BLOCKS));
  const times = RECORD_COST_SETS.map(() => ({ with: [] as number[], without: [] as number[] }));
  const timeBlock = async (side: 'with' | 'without'): Promise<void> => {
    for (const [index, set] of RECORD_COST_SETS.entries()) {
      const query = set.query(ids);
      const now = new Date();
      for (let i = 0; i < WARMUP; i++) await searchListings(db, query, now);
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await searchListings(db, query, now);
        times[index]![side].push(performance.now() - started);
      }
    }
  };
  for (let block = 0; block < RECORD_COST_BLOCKS; block++) {
    await timeBlock('with');
    await client.query('truncate listing_stats');
    await client.query('analyze listing_stats');
    await timeBlock('without');
    await client.query('insert into listing_stats select * from listing_stats_kept');
    await client.query('analyze listing_stats');
  }
  await client.query('drop table listing_stats_kept');
  const figures = (list: number[]): Figures => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), total: 0 };
  };
  return RECORD_COST_SETS.map((set, index) => ({ name: set.name, withRecord: figures(times[index]!.with), withoutRecord: figures(times[index]!.without) }));
}

async function explain(db: Db, statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql, params } = statement.toSQL();
  const result = await clientOf(db).query(`explain (analyze, buffers off) ${sql}`, params);
  return result.rows.map((row) => String(row['QUERY PLAN'])).join('\n');
}

interface DriverRun {
  driver: DbDriver;
  label: string;
  seedMs: number;
  historyMs: number;
  figures: Figures[];
  recordCost: RecordCost[];
  plans: { title: string; plan: string }[];
}

async function runDriver(driver: DbDriver, label: string): Promise<DriverRun> {
  let test: TestDatabase | null = null;
  try {
    test = await openTestDatabase({ driver, seed: true });
    const db = test.db;
    const started = performance.now();
    await fillListings(db, LISTINGS);
    const seedMs = performance.now() - started;
    await fillHistory(db, ORDERS, new Date());
    const historyMs = performance.now() - started - seedMs;
    const gameRows = await db.select({ id: games.id, slug: games.slug }).from(games);
    const ids = { sjz: gameRows.find((row) => row.slug === 'sjz')!.id, wzry: gameRows.find((row) => row.slug === 'wzry')!.id };
    process.stderr.write(`${label}: ${LISTINGS} listings in ${(seedMs / 1000).toFixed(1)} s, ${ORDERS} orders and their records in ${(historyMs / 1000).toFixed(1)} s; measuring\n`);
    const figures: Figures[] = [];
    for (const set of FILTER_SETS) figures.push(await measure(db, set.query(ids)));
    const recordCost = await measureRecordCost(db, ids);

    const plans: DriverRun['plans'] = [];
    if (driver === 'postgres') {
      const hallDefault = await hallQueries(db, {});
      plans.push({ title: 'default hall query (no filter, default sort, page 1): page', plan: await explain(db, hallDefault.rows) });
      plans.push({ title: 'default hall query: count', plan: await explain(db, hallDefault.count) });
      const gameOnly = await hallQueries(db, FILTER_SETS[0]!.query(ids));
      plans.push({ title: 'game only, default sort: page', plan: await explain(db, gameOnly.rows) });
      plans.push({ title: 'game only, default sort: count', plan: await explain(db, gameOnly.count) });
    }
    return { driver, label, seedMs, historyMs, figures, recordCost, plans };
  } finally {
    await test?.close();
  }
}

// ---------------------------------------------------------------------------------------------

const fmt = (ms: number): string => ms.toFixed(2);

async function main(): Promise<void> {
  const runs: DriverRun[] = [];
  // BENCH_PGLITE=0 measures PostgreSQL only (PGlite takes minutes to fill a million orders).
  if (process.env['BENCH_PGLITE'] !== '0') runs.push(await runDriver('pglite', 'PGlite (in memory)'));

  const pgUrl = process.env['DATABASE_URL_TEST'] || DEFAULT_PG_URL;
  if (await postgresReachable(pgUrl)) {
    process.env['DATABASE_URL_TEST'] = pgUrl;
    runs.push(await runDriver('postgres', 'PostgreSQL'));
  } else {
    process.stderr.write(`PostgreSQL at ${pgUrl.replace(/:[^:@/]*@/, ':***@')} does not answer; measuring PGlite only\n`);
  }

  const lines: string[] = [];
  lines.push(`### Rental-hall query, ${LISTINGS.toLocaleString('en-US')} listings, ${RUNS} runs per filter set after ${WARMUP} warm-up runs`);
  lines.push('');
  lines.push('`searchListings` end to end (page of 20 and count side by side, rows reshaped), milliseconds.');
  lines.push('');
  const header = ['filter set', 'matches', ...runs.flatMap((run) => [`${run.label} p50`, `${run.label} p95`])];
  lines.push(`| ${header.join(' | ')} |`);
  lines.push(`| ${header.map(() => '---').join(' | ')} |`);
  FILTER_SETS.forEach((set, index) => {
    const cells = [set.name, String(runs[0]!.figures[index]!.total), ...runs.flatMap((run) => [fmt(run.figures[index]!.p50), fmt(run.figures[index]!.p95)])];
    lines.push(`| ${cells.join(' | ')} |`);
  });
  lines.push('');
  for (const run of runs) lines.push(`- ${run.label}: seeding ${LISTINGS.toLocaleString('en-US')} listings took ${(run.seedMs / 1000).toFixed(1)} s, ${ORDERS.toLocaleString('en-US')} orders with their complaints and the records counted from them ${(run.historyMs / 1000).toFixed(1)} s.`);
  lines.push('');
  lines.push(`#### The record on the cards (issue 26): p95 with every card's record against the same query with listing_stats emptied, ${RECORD_COST_BLOCKS} alternating blocks`);
  lines.push('');
  lines.push('| driver | query | p95 with records ms | p95 without ms | ratio | within 10 % |');
  lines.push('| --- | --- | --- | --- | --- | --- |');
  for (const run of runs) {
    for (const cost of run.recordCost) {
      const ratio = cost.withRecord.p95 / cost.withoutRecord.p95;
      lines.push(`| ${run.label} | ${cost.name} | ${fmt(cost.withRecord.p95)} | ${fmt(cost.withoutRecord.p95)} | ${ratio.toFixed(2)}× | ${ratio <= RECORD_COST_MAX_RATIO ? 'yes' : 'NO'} |`);
    }
  }
  const postgres = runs.find((run) => run.driver === 'postgres');
  if (postgres) {
    const worst = Math.max(...postgres.figures.map((figure) => figure.p95));
    lines.push(`- Budget: p95 under ${BUDGET_P95_MS} ms on PostgreSQL — worst p95 ${fmt(worst)} ms: ${worst < BUDGET_P95_MS ? 'holds' : 'MISSED'}.`);
    for (const { title, plan } of postgres.plans) {
      lines.push('');
      lines.push(`#### EXPLAIN (ANALYZE, BUFFERS OFF), PostgreSQL — ${title}`);
      lines.push('');
      lines.push('```');
      lines.push(plan);
      lines.push('```');
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

// Run when executed, not when imported (a scratch session can reuse fillListings).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
