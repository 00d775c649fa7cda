/**
 * The console overview (issue 15 "The numbers", permission `dashboard`): traffic from the
 * collector's page_views, conversions from channel_conversions, money from seller_earnings (one row
 * per paid rental order, kept in step with its refunds by services/settlement.ts) and complaints.
 * Every query reads one date range of whole Shanghai days and groups in the database; each is
 * measured at 1,000,000 events and 100,000 orders by scripts/bench-dashboard.ts, served by the
 * indexes of migration dashboard_custom. The definitions are in docs/decisions.md "Console
 * overview (issue 15)".
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  DASHBOARD_CHECKOUT_ACTION,
  DASHBOARD_COMPLAINT_MIN_ORDERS,
  DASHBOARD_LISTING_ROUTES,
  DASHBOARD_TOP_N,
} from '~/lib/config/constants';
import type {
  DashboardChannelRow,
  DashboardFunnel,
  DashboardMoneyDay,
  DashboardOverview,
  DashboardSellerComplaints,
  DashboardTopGame,
  DashboardTopListing,
  DashboardTrafficDay,
} from '~/lib/contract/ops-dashboard';
import type { DashboardRange } from '~/lib/rules/dashboard-range';
import type { Db } from '../../db/client';

type Range = Pick<DashboardRange, 'start' | 'end' | 'days' | 'from' | 'to'>;

/**
 * The Shanghai calendar day of a timestamptz column as a date (UTC+08:00 all year, so no zone data
 * is needed); grouping on a date is far cheaper than on its text, which only the result rows get.
 */
const shanghaiDay = (column: SQL): SQL => sql`((${column} at time zone 'UTC') + interval '8 hours')::date`;
/** A session id as a 64-bit hash: distinct counts sort 8 bytes instead of 32 characters (a collision is beyond reach at these sizes). */
const sessionKey = sql`hashtextextended(session_id, 0)`;
const within = (column: SQL, range: Range): SQL =>
  sql`${column} >= ${range.start.toISOString()}::timestamptz and ${column} < ${range.end.toISOString()}::timestamptz`;
const num = (value: unknown): number => Number(value ?? 0);

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

/** Page views, visits and unique visitors per day; every day of the range, zeros included. */
export async function trafficPerDay(db: Db, range: Range): Promise<DashboardTrafficDay[]> {
  // Grouping by (day, session, user) first leaves one row per visit for the distinct counts.
  const found = await rows<{ day: string; page_views: unknown; visits: unknown; visitors: unknown }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(n) as page_views, count(distinct session) as visits,
               count(distinct coalesce(-user_id::bigint, session)) as visitors
        from (select ${shanghaiDay(sql`created_at`)} as day, ${sessionKey} as session, user_id, count(*) as n
              from page_views where kind = 'pageview' and ${within(sql`created_at`, range)}
              group by 1, 2, 3) per_session
        group by 1`,
  );
  const byDay = new Map(found.map((row) => [row.day, row]));
  return range.days.map((day) => {
    const row = byDay.get(day);
    return { day, page_views: num(row?.page_views), visits: num(row?.visits), visitors: num(row?.visitors) };
  });
}

/**
 * Visits (sessions) and registrations counted as conversions, per channel. A conversion's channel
 * is read the way the page-view script reads a visit's (src/scripts/page-view.inline.js): the
 * channel parameter, else baidu for bd_vid, qihu360 for qhclickid, else sourceid.
 */
export async function channelsInRange(db: Db, range: Range, limit = DASHBOARD_TOP_N): Promise<DashboardChannelRow[]> {
  const found = await rows<{ channel: string; visits: unknown; conversions: unknown }>(
    db,
    sql`with v as (
          select sem as channel, count(distinct session_id) as visits
          from page_views where kind = 'pageview' and sem is not null and ${within(sql`created_at`, range)}
          group by sem
        ), c as (
          select coalesce(channel, case when bd_vid is not null then 'baidu' when qhclickid is not null then 'qihu360' end, source_id) as channel,
                 count(*) as conversions
          from channel_conversions where ${within(sql`created_at`, range)}
          group by 1
        )
        select coalesce(v.channel, c.channel) as channel, coalesce(v.visits, 0) as visits, coalesce(c.conversions, 0) as conversions
        from v full join c on c.channel = v.channel
        where coalesce(v.channel, c.channel) is not null
        order by 2 desc, 3 desc, 1
        limit ${limit}`,
  );
  return found.map((row) => ({ channel: row.channel, visits: num(row.visits), conversions: num(row.conversions) }));
}

/** The funnel hall → detail → order dialog → paid, each step counted on its own (not a strict sequence). */
export async function funnelInRange(db: Db, range: Range): Promise<DashboardFunnel> {
  const listingRoutes = sql.join(DASHBOARD_LISTING_ROUTES.map((name) => sql`${name}`), sql`, `);
  // One row per (step, session) first, then a plain count per step: one hash aggregate, not three distinct sorts.
  const found = await rows<{ step: string; n: unknown }>(
    db,
    sql`select step, count(*) as n
        from (select distinct case when kind = 'click' then 'checkout' when name = 'detail' then 'detail' else 'listing' end as step, ${sessionKey} as session
              from page_views
              where ${within(sql`created_at`, range)} and session_id is not null
                and ((kind = 'pageview' and name in (${listingRoutes}, 'detail')) or (kind = 'click' and action = ${DASHBOARD_CHECKOUT_ACTION}))) steps
        group by step
        union all
        select 'paid', count(distinct o.user_id) from orders o
        where o.kind = 'rental' and o.paid_at is not null and ${within(sql`o.paid_at`, range)}`,
  );
  const row = Object.fromEntries(found.map((r) => [r.step, r.n])) as Record<keyof DashboardFunnel, unknown>;
  return { listing: num(row?.listing), detail: num(row?.detail), checkout: num(row?.checkout), paid: num(row?.paid) };
}

/**
 * Rentals and money per day of payment: GMV is the rent paid (deposits excluded, they go back),
 * commission the platform's share after refunds, refunds the rent given back; a complaint refund
 * decided after the earnings were released counts on the order's day too (complaint_decisions).
 */
export async function moneyPerDay(db: Db, range: Range): Promise<DashboardMoneyDay[]> {
  const found = await rows<{ day: string; rentals: unknown; gmv_fen: unknown; commission_fen: unknown; refund_fen: unknown }>(
    db,
    sql`select to_char(${shanghaiDay(sql`e.paid_at`)}, 'YYYY-MM-DD') as day, count(*) as rentals, sum(e.rent_fen) as gmv_fen,
               sum(e.commission_fen) + coalesce(sum(d.commission_fen), 0) as commission_fen,
               sum(e.refunded_fen) + coalesce(sum(d.refund_fen), 0) as refund_fen
        from seller_earnings e
        left join (select order_id, sum(post_release_refund_fen) as refund_fen, sum(post_release_commission_fen) as commission_fen
                   from complaint_decisions where post_release_refund_fen > 0 group by order_id) d on d.order_id = e.order_id
        where ${within(sql`e.paid_at`, range)}
        group by 1`,
  );
  const byDay = new Map(found.map((row) => [row.day, row]));
  return range.days.map((day) => {
    const row = byDay.get(day);
    return {
      day,
      rentals: num(row?.rentals),
      gmv_fen: num(row?.gmv_fen),
      commission_fen: num(row?.commission_fen),
      refund_fen: num(row?.refund_fen),
    };
  });
}

/** Games by GMV of the rentals paid in the range. */
export async function topGames(db: Db, range: Range, limit = DASHBOARD_TOP_N): Promise<DashboardTopGame[]> {
  const found = await rows<{ game_id: unknown; name: string; rentals: unknown; gmv_fen: unknown }>(
    db,
    sql`select g.id as game_id, g.name, t.rentals, t.gmv_fen
        from (select l.game_id, count(*) as rentals, sum(e.rent_fen) as gmv_fen
              from seller_earnings e join listings l on l.id = e.listing_id
              where ${within(sql`e.paid_at`, range)}
              group by l.game_id) t
        join games g on g.id = t.game_id
        order by t.gmv_fen desc, t.rentals desc, g.id
        limit ${limit}`,
  );
  return found.map((row) => ({ game_id: num(row.game_id), name: row.name, rentals: num(row.rentals), gmv_fen: num(row.gmv_fen) }));
}

/** Listings by rentals paid in the range (GMV breaks ties). */
export async function topListings(db: Db, range: Range, limit = DASHBOARD_TOP_N): Promise<DashboardTopListing[]> {
  const found = await rows<{ listing_id: unknown; title: string; game: string; rentals: unknown; gmv_fen: unknown }>(
    db,
    sql`select t.listing_id, l.title, g.name as game, t.rentals, t.gmv_fen
        from (select listing_id, count(*) as rentals, sum(rent_fen) as gmv_fen
              from seller_earnings e where ${within(sql`e.paid_at`, range)}
              group by listing_id
              order by 2 desc, 3 desc, 1
              limit ${limit}) t
        join listings l on l.id = t.listing_id join games g on g.id = l.game_id
        order by t.rentals desc, t.gmv_fen desc, t.listing_id`,
  );
  return found.map((row) => ({ listing_id: num(row.listing_id), title: row.title, game: row.game, rentals: num(row.rentals), gmv_fen: num(row.gmv_fen) }));
}

/**
 * Sellers by complaint rate: of their rentals paid in the range, the share with a complaint filed
 * (at any time), among sellers with at least `minOrders` such rentals; highest first.
 */
export async function complaintRates(
  db: Db,
  range: Range,
  limit = DASHBOARD_TOP_N,
  minOrders = DASHBOARD_COMPLAINT_MIN_ORDERS,
): Promise<DashboardSellerComplaints[]> {
  const found = await rows<{ seller_user_id: unknown; shop: string | null; username: string; orders: unknown; complaints: unknown }>(
    db,
    sql`select t.seller_user_id, s.name as shop, u.username, t.orders, t.complaints
        from (select e.seller_user_id, count(*) as orders,
                     count(*) filter (where exists (select 1 from complaints c where c.order_id = e.order_id)) as complaints
              from seller_earnings e where ${within(sql`e.paid_at`, range)}
              group by e.seller_user_id
              having count(*) >= ${minOrders}) t
        join users u on u.id = t.seller_user_id
        left join shops s on s.owner_user_id = t.seller_user_id
        where t.complaints > 0
        order by t.complaints::float8 / t.orders desc, t.complaints desc, t.seller_user_id
        limit ${limit}`,
  );
  return found.map((row) => {
    const orders = num(row.orders);
    const complaints = num(row.complaints);
    return { seller_user_id: num(row.seller_user_id), shop: row.shop ?? row.username, orders, complaints, rate: orders > 0 ? complaints / orders : 0 };
  });
}

/** Everything the overview page shows, for one range. */
export async function loadDashboard(db: Db, range: Range): Promise<DashboardOverview> {
  // One after the other: a request holds one pooled connection, and the pool is shared by every request.
  const traffic = await trafficPerDay(db, range);
  const channels = await channelsInRange(db, range);
  const funnel = await funnelInRange(db, range);
  const money = await moneyPerDay(db, range);
  const top_games = await topGames(db, range);
  const top_listings = await topListings(db, range);
  const complaint_rates = await complaintRates(db, range);
  return { from: range.from, to: range.to, traffic, channels, funnel, money, top_games, top_listings, complaint_rates };
}
