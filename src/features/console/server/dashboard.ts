/**
 * The console overview ("The numbers", permission `dashboard`): traffic from the
 * collector's page_views (rolled up per day by services/ops/traffic-rollup.ts, today counted live),
 * conversions from channel_conversions, money from seller_earnings (one row
 * per paid rental order, kept in step with its refunds by services/settlement.ts) and complaints.
 * Every query reads one date range of whole Shanghai days and groups in the database; each is
 * measured at 1,000,000 events and 100,000 orders by scripts/bench-dashboard.ts, served by the
 * indexes of migration dashboard_custom. The definitions are in docs/decisions.md "Console
 * overview".
 */
import { sql } from 'drizzle-orm';
import { DASHBOARD_COMPLAINT_MIN_ORDERS, DASHBOARD_TOP_N } from '~/features/console/constants';
import type { DashboardChannelRow, DashboardFunnel, DashboardMoneyDay, DashboardOverview, DashboardSellerComplaints, DashboardTopGame, DashboardTopListing, DashboardTrafficDay } from '~/features/console/contract/ops-dashboard';
import { channelLabel } from '~/features/console/rules/channel-label';
import type { DashboardRange } from '~/features/console/rules/dashboard-range';
import type { Db } from '~/platform/db/client';
import { num, rows, shanghaiDay, within } from '~/features/console/server/dashboard-sql';
import { readTrafficCounts, type TrafficCounts } from '~/features/analytics/server';

type Range = Pick<DashboardRange, 'start' | 'end' | 'days' | 'from' | 'to'>;

/** Page views, visits and unique visitors per day; every day of the range, zeros included. */
export async function trafficPerDay(db: Db, range: Range, counts?: TrafficCounts): Promise<DashboardTrafficDay[]> {
  const { days } = counts ?? (await readTrafficCounts(db, range));
  return range.days.map((day) => {
    const found = days.get(day);
    return { day, page_views: found?.page_views ?? 0, visits: found?.visits ?? 0, visitors: found?.visitors ?? 0 };
  });
}

/**
 * Visits (sessions, per day) and registrations counted as conversions, per channel. A conversion's
 * channel is read the way the page-view script reads a visit's (src/layouts/scripts/page-view.inline.js):
 * the channel parameter, else baidu for bd_vid, qihu360 for qhclickid, else sourceid.
 */
export async function channelsInRange(db: Db, range: Range, limit = DASHBOARD_TOP_N, counts?: TrafficCounts): Promise<DashboardChannelRow[]> {
  const { channels: visits } = counts ?? (await readTrafficCounts(db, range));
  const conversions = await rows<{ channel: string; conversions: unknown }>(
    db,
    sql`select coalesce(channel, case when bd_vid is not null then 'baidu' when qhclickid is not null then 'qihu360' end, source_id) as channel,
               count(*) as conversions
        from channel_conversions where ${within(sql`created_at`, range)}
        group by 1`,
  );
  // Malformed values are folded into one 其他 row (rules/channel-label.ts), so both sources add up.
  const byChannel = new Map<string, DashboardChannelRow>();
  const rowOf = (raw: string): DashboardChannelRow => {
    const channel = channelLabel(raw);
    const found = byChannel.get(channel) ?? { channel, visits: 0, conversions: 0 };
    byChannel.set(channel, found);
    return found;
  };
  for (const [channel, count] of visits) rowOf(channel).visits += count;
  for (const row of conversions) {
    if (row.channel === null) continue;
    rowOf(row.channel).conversions += num(row.conversions);
  }
  return [...byChannel.values()]
    .sort((a, b) => b.visits - a.visits || b.conversions - a.conversions || (a.channel < b.channel ? -1 : a.channel > b.channel ? 1 : 0))
    .slice(0, limit);
}

/**
 * The funnel hall → detail → order dialog → paid, each step counted on its own (not a strict
 * sequence): sessions per day summed over the range, then the renters with a rental paid in it.
 */
export async function funnelInRange(db: Db, range: Range, counts?: TrafficCounts): Promise<DashboardFunnel> {
  const { days } = counts ?? (await readTrafficCounts(db, range));
  const funnel: DashboardFunnel = { listing: 0, detail: 0, checkout: 0, paid: 0 };
  for (const day of days.values()) {
    funnel.listing += day.listing;
    funnel.detail += day.detail;
    funnel.checkout += day.checkout;
  }
  const paid = await rows<{ n: unknown }>(
    db,
    sql`select count(distinct o.user_id) as n from orders o
        where o.kind = 'rental' and o.paid_at is not null and ${within(sql`o.paid_at`, range)}`,
  );
  funnel.paid = num(paid[0]?.n);
  return funnel;
}

/**
 * Rentals and money per day of payment: GMV is the rent paid (deposits excluded, they go back),
 * commission the platform's share after refunds, refunds the rent given back; a complaint refund
 * decided after the earnings were released counts on the order's day too (complaint_decisions).
 */
export async function moneyPerDay(db: Db, range: Range): Promise<DashboardMoneyDay[]> {
  const found = await rows<{ day: string; rentals: unknown; gmv_fen: unknown; commission_fen: unknown; refund_fen: unknown }>(
    db,
    // Grouped on the date, formatted after: grouping 100,000 rows on the text sorted them on disk.
    sql`select to_char(day, 'YYYY-MM-DD') as day, rentals, gmv_fen, commission_fen, refund_fen
        from (select ${shanghaiDay(sql`e.paid_at`)} as day, count(*) as rentals, sum(e.rent_fen) as gmv_fen,
                     sum(e.commission_fen) + coalesce(sum(d.commission_fen), 0) as commission_fen,
                     sum(e.refunded_fen) + coalesce(sum(d.refund_fen), 0) as refund_fen
              from seller_earnings e
              left join (select order_id, sum(post_release_refund_fen) as refund_fen, sum(post_release_commission_fen) as commission_fen
                         from complaint_decisions where post_release_refund_fen > 0 group by order_id) d on d.order_id = e.order_id
              where ${within(sql`e.paid_at`, range)}
              group by 1) per_day`,
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
        from (select e.seller_user_id, count(*) as orders, count(c.order_id) as complaints
              from seller_earnings e
              left join (select distinct order_id from complaints) c on c.order_id = e.order_id
              where ${within(sql`e.paid_at`, range)}
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
  const counts = await readTrafficCounts(db, range);
  const traffic = await trafficPerDay(db, range, counts);
  const channels = await channelsInRange(db, range, DASHBOARD_TOP_N, counts);
  const funnel = await funnelInRange(db, range, counts);
  const money = await moneyPerDay(db, range);
  const top_games = await topGames(db, range);
  const top_listings = await topListings(db, range);
  const complaint_rates = await complaintRates(db, range);
  return { from: range.from, to: range.to, traffic, channels, funnel, money, top_games, top_listings, complaint_rates };
}
