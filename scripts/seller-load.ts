/**
 * A marketplace-sized seller side for benchmarks (issue 13 "Measure"): `sellers` shops with
 * `listingsPerSeller` listings each, `orders` rental orders spread over them (finished, cancelled
 * with a refund, and running) plus a big merchant's extra orders on the first seller, their seller_earnings rows (most released, as months of trading
 * leave them, with their ledger rows and wallet balances), some complaints, reviews and detail-page views. Written with set-based SQL
 * (generate_series), so 100,000 orders take seconds, not minutes; ANALYZE afterwards, as a
 * production database would have run it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client';

export interface SellerLoad {
  sellers: number;
  listingsPerSeller: number;
  orders: number;
  renters: number;
  /** Detail-page views per listing. */
  viewsPerListing: number;
  /** Extra finished orders on the first seller's listings: the big merchant real marketplaces have. */
  heavySellerOrders: number;
}

export const DEFAULT_SELLER_LOAD: SellerLoad = { sellers: 1_000, listingsPerSeller: 5, orders: 100_000, renters: 2_000, viewsPerListing: 20, heavySellerOrders: 20_000 };

/** The seller user ids, in creation order. */
export async function writeSellerLoad(db: Db, load: SellerLoad = DEFAULT_SELLER_LOAD): Promise<number[]> {
  const listings = load.sellers * load.listingsPerSeller;
  await db.execute(sql`insert into games (name, slug, icon, sort) values ('压测游戏', 'bench-game', '/covers/bench.svg', 1) on conflict do nothing`);
  await db.execute(sql`
    insert into users (username, nickname, is_real_name)
    select 'bench_seller_' || g, '卖家' || g, true from generate_series(1, ${load.sellers}) g`);
  await db.execute(sql`
    insert into users (username, nickname, is_real_name)
    select 'bench_renter_' || g, '租客' || g, true from generate_series(1, ${load.renters}) g`);
  await db.execute(sql`
    insert into shops (owner_user_id, name, cert_type)
    select u.id, '压测店铺' || u.id, (u.id % 3)::smallint from users u where u.username like 'bench_seller_%'`);
  await db.execute(sql`
    insert into seller_certifications (user_id, cert_type, state, shop_name, submitted_at, decided_at)
    select s.owner_user_id, s.cert_type, 'approved', s.name, now(), now() from shops s join users u on u.id = s.owner_user_id where u.username like 'bench_seller_%'`);
  await db.execute(sql`
    insert into listings (shop_id, game_id, title, role_name, rental_fen, deposit_fen)
    select s.id, (select id from games where slug = 'bench-game'), '压测账号 ' || s.id || '-' || k, '角色' || k, 300 + (s.id * 7 + k * 13) % 2000, 0
    from shops s join users u on u.id = s.owner_user_id, generate_series(1, ${load.listingsPerSeller}) k
    where u.username like 'bench_seller_%'`);
  // Order n goes to listing n mod L, renter n mod R; windows of one listing never overlap (3 h
  // apart, 2 h long), counted back from now. 1 in 10 was cancelled early with half the rent back,
  // 1 in 50 is still running, the rest finished.
  await db.execute(sql`
    with bench_listings as (
      select l.id, l.rental_fen, row_number() over (order by l.id) - 1 as n
      from listings l join shops s on s.id = l.shop_id join users u on u.id = s.owner_user_id where u.username like 'bench_seller_%'
    ), bench_renters as (
      select id, row_number() over (order by id) - 1 as n from users where username like 'bench_renter_%'
    ), numbered as (
      select g as n, g / ${listings} as round from generate_series(0, ${load.orders - 1}) g
    )
    insert into orders (order_no, kind, user_id, status, listing_id, rental_id, rental_option, hours, starts_at, ends_at,
                        original_fen, pay_fen, deposit_fen, total_fen, pay_channel, pay_deadline, paid_at, finished_at, cancelled_at, refund_fen, created_at)
    select 'B' || lpad(o.n::text, 12, '0'), 'rental', r.id,
           case when o.round = 0 and o.n % 50 = 0 then 3 when o.n % 10 = 0 then 5 else 4 end,
           l.id, 1, 'hourly', 2,
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour',
           now() - make_interval(hours => (o.round * 3)::int) + interval '1 hour',
           l.rental_fen * 2, l.rental_fen * 2, 0, l.rental_fen * 2, 'wallet',
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour',
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour',
           case when o.round = 0 and o.n % 50 = 0 then null when o.n % 10 = 0 then null else now() - make_interval(hours => (o.round * 3)::int) + interval '1 hour' end,
           case when o.round = 0 and o.n % 50 = 0 then null when o.n % 10 = 0 then now() - make_interval(hours => (o.round * 3)::int) else null end,
           case when o.n % 10 = 0 and not (o.round = 0 and o.n % 50 = 0) then l.rental_fen else 0 end,
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour'
    from numbered o
    join bench_listings l on l.n = o.n % ${listings}
    join bench_renters r on r.n = o.n % ${load.renters}`);
  // The big merchant: more finished orders on the first seller's listings, further back in time
  // (after the rounds above, so no window of a listing overlaps another).
  await db.execute(sql`
    with first_listings as (
      select l.id, l.rental_fen, row_number() over (order by l.id) - 1 as n
      from listings l join shops s on s.id = l.shop_id
      where s.owner_user_id = (select min(id) from users where username like 'bench_seller_%')
    ), bench_renters as (
      select id, row_number() over (order by id) - 1 as n from users where username like 'bench_renter_%'
    ), numbered as (
      select g as n, ${Math.ceil(load.orders / listings)} + g / ${load.listingsPerSeller} as round from generate_series(0, ${load.heavySellerOrders - 1}) g
    )
    insert into orders (order_no, kind, user_id, status, listing_id, rental_id, rental_option, hours, starts_at, ends_at,
                        original_fen, pay_fen, deposit_fen, total_fen, pay_channel, pay_deadline, paid_at, finished_at, created_at)
    select 'BH' || lpad(o.n::text, 11, '0'), 'rental', r.id, 4, l.id, 1, 'hourly', 2,
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour',
           now() - make_interval(hours => (o.round * 3)::int) + interval '1 hour',
           l.rental_fen * 2, l.rental_fen * 2, 0, l.rental_fen * 2, 'wallet',
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour',
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour',
           now() - make_interval(hours => (o.round * 3)::int) + interval '1 hour',
           now() - make_interval(hours => (o.round * 3)::int) - interval '1 hour'
    from numbered o
    join first_listings l on l.n = o.n % ${load.listingsPerSeller}
    join bench_renters r on r.n = o.n % ${load.renters}`);
  // Earnings as syncEarnings writes them (migration 0015's backfill does the same sum).
  await db.execute(sql`
    insert into seller_earnings (order_id, seller_user_id, listing_id, cert_type, commission_bps, rent_fen, refunded_fen, commission_fen, seller_fen, held_seconds, status, paid_at, ended_at, release_at, released_at)
    select o.id, s.owner_user_id, o.listing_id, s.cert_type, r.bps, o.pay_fen, o.refund_fen, c.fen, o.pay_fen - o.refund_fen - c.fen,
           greatest(0, extract(epoch from (least(o.ends_at, coalesce(o.cancelled_at, o.ends_at)) - o.starts_at)))::int,
           case when o.status = 3 or coalesce(o.finished_at, o.cancelled_at) > now() - interval '24 hours' then 'frozen' else 'released' end,
           o.paid_at, coalesce(o.finished_at, o.cancelled_at), coalesce(o.finished_at, o.cancelled_at) + interval '24 hours',
           case when o.status = 3 or coalesce(o.finished_at, o.cancelled_at) > now() - interval '24 hours' then null else coalesce(o.finished_at, o.cancelled_at) + interval '24 hours' end
    from orders o join listings l on l.id = o.listing_id join shops s on s.id = l.shop_id
    cross join lateral (select case s.cert_type when 0 then 1000 when 1 then 800 else 600 end as bps) r
    cross join lateral (select ((o.pay_fen - o.refund_fen)::bigint * r.bps + 5000) / 10000 as fen) c
    where o.order_no like 'B%'`);
  // Released earnings reached the sellers' wallets as ledger rows, so the ledger identity holds.
  await db.execute(sql`
    insert into wallet_ledger (user_id, kind, amount_fen, balance_after_fen, ref_no, created_at)
    select e.seller_user_id, 'earning_release', e.seller_fen, sum(e.seller_fen) over (partition by e.seller_user_id order by e.order_id), o.order_no, e.released_at
    from seller_earnings e join orders o on o.id = e.order_id where e.status = 'released' and e.seller_fen > 0 and o.order_no like 'B%'`);
  await db.execute(sql`
    insert into wallets (user_id, balance_fen)
    select seller_user_id, sum(seller_fen) from seller_earnings where status = 'released' group by seller_user_id
    on conflict (user_id) do update set balance_fen = wallets.balance_fen + excluded.balance_fen`);
  // One complaint in 100 orders (half of them answered and handled), one review in 5.
  await db.execute(sql`
    insert into complaints (user_id, order_id, type, content, status, created_at)
    select o.user_id, o.id, 1, '账号无法登录，请处理', (1 + (o.id % 2))::smallint, o.created_at from orders o where o.order_no like 'B%' and o.id % 100 = 0`);
  await db.execute(sql`
    insert into listing_reviews (listing_id, user_id, order_no, rating, content, created_at)
    select o.listing_id, o.user_id, o.order_no, (1 + o.id % 5)::smallint, '好评', o.created_at from orders o where o.order_no like 'B%' and o.status = 4 and o.id % 5 = 0`);
  await db.execute(sql`
    insert into page_views (kind, name, path, created_at)
    select 'pageview', 'detail', '/detail/' || l.id || '.html', now() - make_interval(mins => k)
    from listings l join shops s on s.id = l.shop_id join users u on u.id = s.owner_user_id, generate_series(1, ${load.viewsPerListing}) k
    where u.username like 'bench_seller_%'`);
  await db.execute(sql`analyze`);
  const rows = await db.execute<{ id: number }>(sql`select id from users where username like 'bench_seller_%' order by id`);
  return rows.rows.map((row) => Number(row.id));
}
