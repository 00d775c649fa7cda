/**
 * Issue 15 "The numbers": the console overview's queries on a small known data set, on PGlite and
 * PostgreSQL, with exact figures: Shanghai day boundaries (23:30 and 00:30 fall on different days),
 * rows just outside the range left out, visits (sessions) and unique visitors (a signed-in user
 * once across sessions), channels from page views and from conversions (bd_vid read as baidu),
 * the funnel's four steps, money per day of payment, the rankings and the complaint rate per seller.
 * Then the daily rollup: settled days only, each written once however many processes roll, and
 * the same figures whether a day is read from the rollup or counted live.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '~/platform/db/client';
import { resolveDashboardRange } from '~/features/console/rules/dashboard-range';
import {
  channelsInRange,
  complaintRates,
  funnelInRange,
  loadDashboard,
  moneyPerDay,
  topGames,
  topListings,
  trafficPerDay,
} from '~/features/console/server/dashboard';
import { rollUpTrafficDays } from '~/features/analytics/server/traffic-rollup';
import { TEST_DRIVERS } from './drivers';
import { useSuiteDatabase } from './route-context';

const SA = 'A'.repeat(32);
const SB = 'B'.repeat(32);
const SC = 'C'.repeat(32);
// 2026-03-01 .. 2026-03-03, Shanghai days.
const RANGE = resolveDashboardRange({ from: '2026-03-01', to: '2026-03-03' }, new Date('2026-03-03T04:00:00Z'));

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console overview queries (${label})`, () => {
    let db: Db;
    const ids: Record<string, number> = {};

    async function one(query: ReturnType<typeof sql>): Promise<number> {
      const result = await db.execute<{ id: number }>(query);
      return Number(result.rows[0]!.id);
    }

    useSuiteDatabase({ driver, skip }, async (opened) => {
      db = opened;
      for (const name of ['v1', 'c2', 'c3', 'c4', 'c5', 'r1', 'r2', 'r3', 's1', 's2']) {
        ids[name] = await one(sql`insert into users (username, nickname) values (${`dash_${name}`}, ${name}) returning id`);
      }
      ids.g1 = await one(sql`insert into games (name, slug, icon) values ('游戏甲', 'dash-a', '/a.svg') returning id`);
      ids.g2 = await one(sql`insert into games (name, slug, icon) values ('游戏乙', 'dash-b', '/b.svg') returning id`);
      ids.shop1 = await one(sql`insert into shops (owner_user_id, name) values (${ids.s1}, '一号店') returning id`);
      ids.shop2 = await one(sql`insert into shops (owner_user_id, name) values (${ids.s2}, '二号店') returning id`);
      const listing = (shop: number, game: number, title: string) =>
        one(sql`insert into listings (shop_id, game_id, title, role_name, rental_fen) values (${shop}, ${game}, ${title}, '角色', 500) returning id`);
      ids.l1 = await listing(ids.shop1!, ids.g1!, '甲号一');
      ids.l2 = await listing(ids.shop1!, ids.g2!, '乙号一');
      ids.l3 = await listing(ids.shop2!, ids.g1!, '甲号二');

      const view = (kind: string, name: string | null, session: string | null, user: number | null, sem: string | null, at: string, action: string | null = null) =>
        db.execute(sql`insert into page_views (kind, name, path, session_id, user_id, sem, action, created_at)
                       values (${kind}, ${name}, '/x', ${session}, ${user}, ${sem}, ${action}, ${at}::timestamptz)`);
      await view('pageview', 'zuhao', SA, null, 'baidu', '2026-03-01T02:00:00Z');
      await view('pageview', 'detail', SA, null, 'baidu', '2026-03-01T02:05:00Z');
      await view('click', null, SA, null, null, '2026-03-01T02:06:00Z', 'rent_button');
      await view('pageview', 'home', SB, ids.v1!, null, '2026-03-01T15:30:00Z'); // 23:30 on 03-01
      await view('pageview', 'detail', SB, ids.v1!, null, '2026-03-01T16:30:00Z'); // 00:30 on 03-02
      await view('pageview', 'detail', SC, ids.v1!, 'wx', '2026-03-02T03:00:00Z');
      await view('pageview', 'zuhao_game', null, null, null, '2026-03-02T04:00:00Z');
      await view('pageview', 'zuhao', SA, null, 'baidu', '2026-02-28T15:59:00Z'); // 23:59 on 02-28: outside
      await view('pageview', 'detail', SC, null, 'wx', '2026-03-03T16:00:00Z'); // 00:00 on 03-04: outside

      const convert = (user: number, channel: string | null, bdVid: string | null, at: string) =>
        db.execute(sql`insert into channel_conversions (user_id, conversion_type, channel, bd_vid, landing_url, created_at)
                       values (${user}, 6, ${channel}, ${bdVid}, 'https://example.com/', ${at}::timestamptz)`);
      await convert(ids.c2!, null, 'bd1', '2026-03-01T05:00:00Z');
      await convert(ids.c3!, 'wx', null, '2026-03-01T06:00:00Z');
      await convert(ids.c4!, 'toutiao', null, '2026-03-02T06:00:00Z');
      await convert(ids.c5!, 'wx', null, '2026-02-27T06:00:00Z'); // outside

      const order = async (no: string, renter: number, listingId: number, paidAt: string, rent: number, refunded: number, commission: number, seller: number) => {
        const id = await one(sql`
          insert into orders (order_no, kind, user_id, status, listing_id, rental_id, rental_option, hours, starts_at, ends_at,
                              original_fen, pay_fen, deposit_fen, total_fen, pay_channel, pay_deadline, paid_at, refund_fen, created_at)
          values (${no}, 'rental', ${renter}, 4, ${listingId}, 1, 'hourly', 2, ${paidAt}::timestamptz, ${paidAt}::timestamptz + interval '2 hours',
                  ${rent}, ${rent}, 0, ${rent}, 'wallet', ${paidAt}::timestamptz, ${paidAt}::timestamptz, ${refunded}, ${paidAt}::timestamptz)
          returning id`);
        await db.execute(sql`
          insert into seller_earnings (order_id, seller_user_id, listing_id, cert_type, commission_bps, rent_fen, refunded_fen, commission_fen, seller_fen, paid_at)
          values (${id}, ${seller}, ${listingId}, 0, 1000, ${rent}, ${refunded}, ${commission}, ${rent - refunded - commission}, ${paidAt}::timestamptz)`);
        return id;
      };
      ids.o1 = await order('DASH1', ids.r1!, ids.l1!, '2026-03-01T02:00:00Z', 1000, 0, 100, ids.s1!);
      ids.o2 = await order('DASH2', ids.r1!, ids.l1!, '2026-03-01T10:00:00Z', 2000, 0, 200, ids.s1!);
      ids.o3 = await order('DASH3', ids.r2!, ids.l2!, '2026-03-02T01:00:00Z', 500, 500, 0, ids.s1!);
      ids.o4 = await order('DASH4', ids.r2!, ids.l3!, '2026-03-03T02:00:00Z', 3000, 0, 300, ids.s2!);
      ids.o5 = await order('DASH5', ids.r3!, ids.l3!, '2026-02-28T10:00:00Z', 9999, 0, 999, ids.s2!); // outside
      for (const [user, orderId] of [[ids.r2!, ids.o3!], [ids.r2!, ids.o4!], [ids.r3!, ids.o5!]] as const) {
        await db.execute(sql`insert into complaints (user_id, order_id, type, content) values (${user}, ${orderId}, 1, '无法登录')`);
      }
    });

    it('counts page views, visits (sessions) and unique visitors per Shanghai day, every day listed', async () => {
      expect(await trafficPerDay(db, RANGE)).toEqual([
        { day: '2026-03-01', page_views: 3, visits: 2, visitors: 2 },
        { day: '2026-03-02', page_views: 3, visits: 2, visitors: 1 },
        { day: '2026-03-03', page_views: 0, visits: 0, visitors: 0 },
      ]);
    });

    it('counts visits and conversions per channel, bd_vid read as baidu', async () => {
      expect(await channelsInRange(db, RANGE)).toEqual([
        { channel: 'baidu', visits: 1, conversions: 1 },
        { channel: 'wx', visits: 1, conversions: 1 },
        { channel: 'toutiao', visits: 0, conversions: 1 },
      ]);
    });

    it('counts the funnel hall → detail → order dialog → paid', async () => {
      expect(await funnelInRange(db, RANGE)).toEqual({ listing: 1, detail: 3, checkout: 1, paid: 2 });
    });

    it('sums rentals, GMV, commission and refunds per day of payment', async () => {
      expect(await moneyPerDay(db, RANGE)).toEqual([
        { day: '2026-03-01', rentals: 2, gmv_fen: 3000, commission_fen: 300, refund_fen: 0 },
        { day: '2026-03-02', rentals: 1, gmv_fen: 500, commission_fen: 0, refund_fen: 500 },
        { day: '2026-03-03', rentals: 1, gmv_fen: 3000, commission_fen: 300, refund_fen: 0 },
      ]);
    });

    it('ranks games by GMV and listings by rentals', async () => {
      expect(await topGames(db, RANGE)).toEqual([
        { game_id: ids.g1, name: '游戏甲', rentals: 3, gmv_fen: 6000 },
        { game_id: ids.g2, name: '游戏乙', rentals: 1, gmv_fen: 500 },
      ]);
      expect(await topListings(db, RANGE)).toEqual([
        { listing_id: ids.l1, title: '甲号一', game: '游戏甲', rentals: 2, gmv_fen: 3000 },
        { listing_id: ids.l3, title: '甲号二', game: '游戏甲', rentals: 1, gmv_fen: 3000 },
        { listing_id: ids.l2, title: '乙号一', game: '游戏乙', rentals: 1, gmv_fen: 500 },
      ]);
    });

    it('ranks sellers by complaint rate of the rentals paid in the range, above the order minimum', async () => {
      expect(await complaintRates(db, RANGE, 10, 1)).toEqual([
        { seller_user_id: ids.s2, shop: '二号店', orders: 1, complaints: 1, rate: 1 },
        { seller_user_id: ids.s1, shop: '一号店', orders: 3, complaints: 1, rate: 1 / 3 },
      ]);
      // The default minimum (5 rentals) leaves both out.
      expect(await complaintRates(db, RANGE)).toEqual([]);
    });

    it('gives an empty range zeros, not gaps', async () => {
      const empty = resolveDashboardRange({ from: '2025-01-01', to: '2025-01-02' }, new Date('2026-03-03T04:00:00Z'));
      const overview = await loadDashboard(db, empty);
      expect(overview.traffic).toEqual([
        { day: '2025-01-01', page_views: 0, visits: 0, visitors: 0 },
        { day: '2025-01-02', page_views: 0, visits: 0, visitors: 0 },
      ]);
      expect(overview.funnel).toEqual({ listing: 0, detail: 0, checkout: 0, paid: 0 });
      expect(overview.channels).toEqual([]);
      expect(overview.top_games).toEqual([]);
      expect(overview.money.map((day) => day.gmv_fen)).toEqual([0, 0]);
    });

    it('folds channel values that are not channel codes into one 其他 row, visits and conversions alike', async () => {
      const at = '2026-05-10T04:00:00Z';
      for (const [session, sem] of [['m1', 'wx'], ['m2', '<img src=x>'], ['m3', '百度推广'], ['m4', 'x'.repeat(60)]] as const) {
        await db.execute(sql`insert into page_views (kind, name, path, session_id, sem, created_at) values ('pageview', 'home', '/', ${session.padEnd(32, '0')}, ${sem}, ${at}::timestamptz)`);
      }
      await db.execute(sql`insert into channel_conversions (user_id, conversion_type, channel, landing_url, created_at) values (${ids.r1!}, 6, '渠道 A', 'https://example.com/', ${at}::timestamptz)`);
      const may = resolveDashboardRange({ from: '2026-05-10', to: '2026-05-10' }, new Date('2026-05-10T06:00:00Z'));
      expect((await channelsInRange(db, may)).map((row) => [row.channel, row.visits, row.conversions])).toEqual([
        ['其他', 3, 1],
        ['wx', 1, 0],
      ]);
    });

    describe('the daily rollup', () => {
      const TRAFFIC = [
        { day: '2026-03-01', page_views: 3, visits: 2, visitors: 2 },
        { day: '2026-03-02', page_views: 3, visits: 2, visitors: 1 },
        { day: '2026-03-03', page_views: 0, visits: 0, visitors: 0 },
      ];
      const rolledDays = async (): Promise<string[]> =>
        (await db.execute<{ day: string }>(sql`select to_char(day, 'YYYY-MM-DD') as day from traffic_days order by day`)).rows.map((row) => row.day);

      it('rolls up only days that ended over an hour ago, from the first event on, and gives the same figures', async () => {
        // 00:30 on 03-03 in Shanghai: 03-02 ended half an hour ago, so it is still counted live.
        expect(await rollUpTrafficDays(db, new Date('2026-03-02T16:30:00Z'))).toBe(2);
        expect(await rolledDays()).toEqual(['2026-02-28', '2026-03-01']);
        expect(await trafficPerDay(db, RANGE)).toEqual(TRAFFIC);
        // Unrolled days on both sides of rolled ones: 02-27 (before the first event) and 03-02 .. 03-03.
        const wider = resolveDashboardRange({ from: '2026-02-27', to: '2026-03-03' }, new Date('2026-03-03T04:00:00Z'));
        expect((await trafficPerDay(db, wider)).map((day) => day.page_views)).toEqual([0, 1, 3, 3, 0]);
        expect((await channelsInRange(db, wider)).map((row) => [row.channel, row.visits, row.conversions])).toEqual([
          ['baidu', 2, 1],
          ['wx', 1, 2],
          ['toutiao', 0, 1],
        ]);
        // 01:30: 03-02 has settled.
        expect(await rollUpTrafficDays(db, new Date('2026-03-02T17:30:00Z'))).toBe(1);
        expect(await rolledDays()).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
        const rolled = await db.execute<{ page_views: number; visits: number; detail_sessions: number }>(
          sql`select page_views, visits, detail_sessions from traffic_days where day = '2026-03-02'`,
        );
        expect(rolled.rows.map((row) => [Number(row.page_views), Number(row.visits), Number(row.detail_sessions)])).toEqual([[3, 2, 2]]);
        expect(await trafficPerDay(db, RANGE)).toEqual(TRAFFIC);
        expect(await channelsInRange(db, RANGE)).toEqual([
          { channel: 'baidu', visits: 1, conversions: 1 },
          { channel: 'wx', visits: 1, conversions: 1 },
          { channel: 'toutiao', visits: 0, conversions: 1 },
        ]);
        expect(await funnelInRange(db, RANGE)).toEqual({ listing: 1, detail: 3, checkout: 1, paid: 2 });
      });

      it('writes each day once when several processes roll at the same time, a day without events as zeros', async () => {
        const now = new Date('2026-03-06T04:00:00Z');
        const written = await Promise.all([rollUpTrafficDays(db, now), rollUpTrafficDays(db, now), rollUpTrafficDays(db, now)]);
        // 03-03 .. 03-05 were left; whoever took a day's lock first wrote it.
        expect(written.reduce((sum, n) => sum + n, 0)).toBe(3);
        expect(await rolledDays()).toEqual(['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
        expect(await rollUpTrafficDays(db, now)).toBe(0);
        // Deleting a day's row has the next round count it again, its channels replaced, not doubled.
        await db.execute(sql`delete from traffic_days where day = '2026-03-01'`);
        expect(await rollUpTrafficDays(db, now)).toBe(1);
        const channels = await db.execute<{ day: string; channel: string; visits: number }>(
          sql`select to_char(day, 'YYYY-MM-DD') as day, channel, visits from traffic_day_channels order by day, channel`,
        );
        expect(channels.rows.map((row) => [row.day, row.channel, Number(row.visits)])).toEqual([
          ['2026-02-28', 'baidu', 1],
          ['2026-03-01', 'baidu', 1],
          ['2026-03-02', 'wx', 1],
          ['2026-03-04', 'wx', 1],
        ]);
        expect(await trafficPerDay(db, RANGE)).toEqual(TRAFFIC);
        const overview = await loadDashboard(db, RANGE);
        expect(overview.funnel).toEqual({ listing: 1, detail: 3, checkout: 1, paid: 2 });
        expect(overview.channels.map((row) => [row.channel, row.visits])).toEqual([['baidu', 1], ['wx', 1], ['toutiao', 0]]);
      });
    });
  });
}
