/**
 * The collector's events per Shanghai day ("The numbers": a 92-day range answers in under
 * 200 ms at 1,000,000 events). A day that has ended and settled is counted once by the housekeeping
 * round into traffic_days / traffic_day_channels; the overview reads those rows and counts only the
 * days without one (today, yesterday until it settles, anything not rolled yet) from page_views,
 * with the same SQL, so a rolled day and a live one give the same figures.
 *
 * Distinct sessions are counted per day and summed over a range: a visit that crosses midnight
 * counts on both days (as common web analytics split sessions at midnight). docs/decisions.md
 * "Console overview".
 */
import { eq, sql } from 'drizzle-orm';
import { MS_PER_DAY } from '~/platform/config/constants';
import { DASHBOARD_CHECKOUT_ACTION, DASHBOARD_LISTING_ROUTES, TRAFFIC_ROLLUP_DAYS_PER_ROUND, TRAFFIC_ROLLUP_SETTLE_MS } from '~/features/analytics/constants';
import { formatShanghaiDate, shanghaiDayStart, shanghaiMidnight } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx } from '~/platform/db/client';
import { trafficDayChannels, trafficDays } from '~/platform/db/schema';
import { num, rows, sessionKey, shanghaiDay, within, type TimeSpan } from '~/features/console/server';

/** One Shanghai day of the collector's events. */
export interface TrafficDay {
  page_views: number;
  visits: number;
  visitors: number;
  /** Funnel steps: sessions that viewed a hall, a detail page, clicked 立即租号. */
  listing: number;
  detail: number;
  checkout: number;
}

export interface TrafficCounts {
  /** Every day of the range that had events, by 'YYYY-MM-DD'. */
  days: Map<string, TrafficDay>;
  /** Visits per channel over the range (per-day sessions summed). */
  channels: Map<string, number>;
}

/** The first key of the advisory lock that lets one process at a time roll one day (the second is the day's number). */
const ROLLUP_LOCK_NAMESPACE = 0x7d41;

const EMPTY_DAY: TrafficDay = { page_views: 0, visits: 0, visitors: 0, listing: 0, detail: 0, checkout: 0 };

function dayStart(day: string): Date {
  const start = shanghaiDayStart(day);
  if (!start) throw new Error(`not a day: ${day}`);
  return start;
}

/** Page views, visits, visitors and funnel steps per day of [start, end), days with events only. */
async function countDaysLive(db: DbOrTx, span: TimeSpan): Promise<Map<string, TrafficDay>> {
  // Grouping by (day, session, user) first leaves one row per visit for the distinct counts.
  const traffic = await rows<{ day: string; page_views: unknown; visits: unknown; visitors: unknown }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(n) as page_views, count(distinct session) as visits,
               count(distinct coalesce(-user_id::bigint, session)) as visitors
        from (select ${shanghaiDay(sql`created_at`)} as day, ${sessionKey} as session, user_id, count(*) as n
              from page_views where kind = 'pageview' and ${within(sql`created_at`, span)}
              group by 1, 2, 3) per_session
        group by 1`,
  );
  const listingRoutes = sql.join(DASHBOARD_LISTING_ROUTES.map((name) => sql`${name}`), sql`, `);
  // One row per (day, step, session) first, then a plain count: one hash aggregate, not three distinct sorts.
  const steps = await rows<{ day: string; step: 'listing' | 'detail' | 'checkout'; n: unknown }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, step, count(*) as n
        from (select distinct ${shanghaiDay(sql`created_at`)} as day,
                     case when kind = 'click' then 'checkout' when name = 'detail' then 'detail' else 'listing' end as step,
                     ${sessionKey} as session
              from page_views
              where ${within(sql`created_at`, span)} and session_id is not null
                and ((kind = 'pageview' and name in (${listingRoutes}, 'detail')) or (kind = 'click' and action = ${DASHBOARD_CHECKOUT_ACTION}))) s
        group by 1, 2`,
  );
  const days = new Map<string, TrafficDay>();
  const entry = (day: string): TrafficDay => {
    let found = days.get(day);
    if (!found) days.set(day, (found = { ...EMPTY_DAY }));
    return found;
  };
  for (const row of traffic) Object.assign(entry(row.day), { page_views: num(row.page_views), visits: num(row.visits), visitors: num(row.visitors) });
  for (const row of steps) entry(row.day)[row.step] = num(row.n);
  return days;
}

/** Sessions per (day, channel) of [start, end). */
async function countChannelDaysLive(db: DbOrTx, span: TimeSpan): Promise<{ day: string; channel: string; visits: number }[]> {
  const found = await rows<{ day: string; channel: string; visits: unknown }>(
    db,
    sql`select to_char(${shanghaiDay(sql`created_at`)}, 'YYYY-MM-DD') as day, sem as channel, count(distinct ${sessionKey}) as visits
        from page_views where kind = 'pageview' and sem is not null and ${within(sql`created_at`, span)}
        group by ${shanghaiDay(sql`created_at`)}, sem`,
  );
  return found.filter((row) => num(row.visits) > 0).map((row) => ({ day: row.day, channel: row.channel, visits: num(row.visits) }));
}

/**
 * The range's events per day and its channel visits: rolled-up days from traffic_days, the others
 * counted from page_views over the span from the first to the last of them.
 */
export async function readTrafficCounts(db: DbOrTx, range: TimeSpan & { from: string; to: string; days: string[] }): Promise<TrafficCounts> {
  const rolled = await rows<{
    day: string;
    page_views: unknown;
    visits: unknown;
    visitors: unknown;
    listing_sessions: unknown;
    detail_sessions: unknown;
    checkout_sessions: unknown;
  }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, page_views, visits, visitors, listing_sessions, detail_sessions, checkout_sessions
        from traffic_days where day between ${range.from}::date and ${range.to}::date`,
  );
  const days = new Map<string, TrafficDay>();
  for (const row of rolled) {
    days.set(row.day, {
      page_views: num(row.page_views),
      visits: num(row.visits),
      visitors: num(row.visitors),
      listing: num(row.listing_sessions),
      detail: num(row.detail_sessions),
      checkout: num(row.checkout_sessions),
    });
  }
  // A day's channel rows are written in the transaction that writes its traffic_days row, so they belong to rolled days only.
  const channelRows = await rows<{ channel: string; visits: unknown }>(
    db,
    sql`select channel, sum(visits) as visits from traffic_day_channels
        where day between ${range.from}::date and ${range.to}::date group by channel`,
  );
  const channels = new Map(channelRows.map((row) => [row.channel, num(row.visits)]));

  // Each run of consecutive days without a row (usually just today; also days before the first
  // event, which read nothing) is counted from page_views as one span.
  for (const span of unrolledSpans(range.days, days)) {
    for (const [day, counts] of await countDaysLive(db, span)) days.set(day, counts);
    for (const row of await countChannelDaysLive(db, span)) channels.set(row.channel, (channels.get(row.channel) ?? 0) + row.visits);
  }
  return { days, channels };
}

/** The runs of consecutive days of `days` (in order) that `rolled` lacks, as time spans. */
function unrolledSpans(days: string[], rolled: Map<string, unknown>): TimeSpan[] {
  const spans: TimeSpan[] = [];
  let open: TimeSpan | null = null;
  for (const day of days) {
    if (rolled.has(day)) {
      open = null;
      continue;
    }
    const start = dayStart(day);
    const end = new Date(start.getTime() + MS_PER_DAY);
    if (open) open.end = end;
    else spans.push((open = { start, end }));
  }
  return spans;
}

/** Counts one day from page_views and writes its rows, unless another process already did. */
async function rollDay(db: Db, day: string, now: Date): Promise<boolean> {
  const start = dayStart(day);
  const dayNumber = Math.round(start.getTime() / MS_PER_DAY);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_NAMESPACE}::int, ${dayNumber}::int)`);
    const done = await tx.execute(sql`select 1 from traffic_days where day = ${day}::date`);
    if (done.rows.length > 0) return false;
    const span = { start, end: new Date(start.getTime() + MS_PER_DAY) };
    const counts = (await countDaysLive(tx, span)).get(day) ?? EMPTY_DAY;
    await tx.insert(trafficDays).values({
      day,
      pageViews: counts.page_views,
      visits: counts.visits,
      visitors: counts.visitors,
      listingSessions: counts.listing,
      detailSessions: counts.detail,
      checkoutSessions: counts.checkout,
      rolledAt: now,
    });
    // Left over when an operator deleted the day's traffic_days row to have it counted again.
    await tx.delete(trafficDayChannels).where(eq(trafficDayChannels.day, day));
    const channels = await countChannelDaysLive(tx, span);
    if (channels.length > 0) await tx.insert(trafficDayChannels).values(channels.map((row) => ({ day, channel: row.channel, visits: row.visits })));
    return true;
  });
}

/**
 * Rolls up the settled days not rolled yet, newest first, from the first event's day on; at most
 * `limit` a round. Several processes may run it at once: a day is written once (advisory lock and a
 * check in its transaction). Returns the days written.
 */
export async function rollUpTrafficDays(db: Db, now: Date, limit = TRAFFIC_ROLLUP_DAYS_PER_ROUND): Promise<number> {
  // min() over the column itself reads one end of its index.
  const first = await rows<{ day: string | null }>(db, sql`select to_char(${shanghaiDay(sql`min(created_at)`)}, 'YYYY-MM-DD') as day from page_views`);
  const firstDay = first[0]?.day;
  if (!firstDay) return 0;
  const firstStart = dayStart(firstDay);
  // The last day that has ended and settled.
  const lastStart = shanghaiMidnight(new Date(now.getTime() - TRAFFIC_ROLLUP_SETTLE_MS - MS_PER_DAY));
  if (firstStart.getTime() > lastStart.getTime()) return 0;
  const done = await rows<{ day: string }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day from traffic_days
        where day between ${formatShanghaiDate(firstStart)}::date and ${formatShanghaiDate(lastStart)}::date`,
  );
  const rolled = new Set(done.map((row) => row.day));
  let written = 0;
  for (let at = lastStart.getTime(); at >= firstStart.getTime() && written < limit; at -= MS_PER_DAY) {
    const day = formatShanghaiDate(new Date(at));
    if (rolled.has(day)) continue;
    if (await rollDay(db, day, now)) written++;
  }
  return written;
}
