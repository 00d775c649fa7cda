/**
 * The catalogue endpoints (issue 3; spec §7 zuhao, detail and tejia call groups, shops) on the demo
 * seed, on an in-memory PGlite and, when DATABASE_URL_TEST is set, on a fresh PostgreSQL database.
 *
 * Each hall filter is checked twice: every returned card satisfies it (asserted on the card's own
 * fields), and the total equals what a plain JavaScript reading of the seeded rows expects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameListItem, GameRef, HallQuery, ListingCard, ListingDetail, Page, Platform, Zone } from '~/features/catalog/types';
import { ACCOUNT_TYPE_ATTR_NAME, ACCOUNT_TYPE_VALUE, RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { CERT_TYPE, CODE_ACCOUNT_DELETED } from '~/features/catalog/constants';
import { isBookableNow, listingAvailability } from '~/features/catalog/rules/availability';
import { availabilityRank } from '~/features/catalog/rules/listing-rank';
import { shownHourlyFen } from '~/features/activities/rules/activity';
import { hafuTier } from '~/features/orders/rules/hafu';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { eq } from 'drizzle-orm';
import { games, listingAttrs, listings, platforms, shops, zones, type GameRow, type ListingRow } from '~/platform/db/schema';
import { getListingDetail, getShop as getShopService, listSimilarListings, listSpecialOffers, searchListings } from '~/features/catalog/server/catalog';
import type { BargainGame, ShopSummary } from '~/features/catalog/server/catalog.types';
import { GET as getGameList, ALL as gameListOther } from '~/pages/api/v1/rentalHall/gameList';
import { GET as getGamesJson } from '~/pages/api/v1/rentalHall/games.json';
import { GET as getGames } from '~/pages/api/v1/zuhao/games';
import { GET as getHotGames } from '~/pages/api/v1/zuhao/hotGames';
import { GET as getPlatforms } from '~/pages/api/v1/zuhao/platforms';
import { GET as getZones } from '~/pages/api/v1/zuhao/zones';
import { GET as getAccounts, ALL as accountsOther } from '~/pages/api/v1/zuhao/accounts';
import { GET as getSimilar } from '~/pages/api/v1/zuhao/similar';
import { GET as getDetail } from '~/pages/api/v1/detail/account';
import { GET as getTejiaGames } from '~/pages/api/v1/tejia/games';
import { GET as getTejiaAccounts } from '~/pages/api/v1/tejia/accounts';
import { GET as getShops } from '~/pages/api/v1/shops';
import { GET as getShop } from '~/pages/api/v1/shop/index';
import { GET as getShopAccounts } from '~/pages/api/v1/shop/accounts';
import { TEST_DRIVERS } from './drivers';
import { callRoute } from './endpoint-call';
import { suiteContext } from './route-context';
import { rankOfRow } from './bookable-listings';


const DRIVERS = TEST_DRIVERS;

function qs(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function hall(params: Record<string, string | number | boolean | undefined>): Promise<Page<ListingCard>> {
  const { status, body } = await callRoute<Page<ListingCard>>(getAccounts, `/api/v1/zuhao/accounts${qs(params)}`);
  expect(body.msg).toBe('ok');
  expect(status).toBe(200);
  return body.data;
}

/** Every card of a hall query, walking its pages (page_size 60). */
async function hallAll(params: Record<string, string | number | boolean | undefined>): Promise<ListingCard[]> {
  const out: ListingCard[] = [];
  for (let page = 1; ; page++) {
    const data = await hall({ ...params, page, page_size: 60 });
    out.push(...data.list);
    if (out.length >= data.total || data.list.length === 0) return out;
  }
}

/** Every card of a hall query from the service at one instant, walking its pages (page_size 60). */
async function serviceAllOn(db: Db, query: HallQuery, now: Date): Promise<ListingCard[]> {
  const out: ListingCard[] = [];
  for (let page = 1; ; page++) {
    const data = await searchListings(db, { ...query, page, page_size: 60 }, now);
    out.push(...data.list);
    if (out.length >= data.total || data.list.length === 0) return out;
  }
}

/** The seeded rows, read once, for the expectations. */
interface Seeded {
  games: GameRow[];
  listings: ListingRow[];
  certTypeByShop: Map<number, number>;
  accountTypeByListing: Map<number, string>;
}

/** What the hall must return for a query, read from the seeded rows in plain JavaScript. */
function expectedHallIds(seeded: Seeded, query: HallQuery): number[] {
  const terms = (query.keyword ?? '').trim().split(/\s+/).filter(Boolean);
  const gameName = new Map(seeded.games.map((game) => [game.id, game.name.toLowerCase()]));
  const rows = seeded.listings.filter((row) => {
    if (!row.isListed) return false;
    if (query.game_id !== undefined && row.gameId !== query.game_id) return false;
    if (query.platform_id !== undefined && row.platformId !== query.platform_id) return false;
    if (query.zone_id !== undefined && row.zoneId !== query.zone_id) return false;
    for (const term of terms) {
      const needle = term.toLowerCase();
      if (!row.title.toLowerCase().includes(needle) && !row.roleName.toLowerCase().includes(needle) && !gameName.get(row.gameId)!.includes(needle)) return false;
    }
    if (query.price_min !== undefined && row.rentalFen < Math.round(query.price_min * 100)) return false;
    if (query.price_max !== undefined && row.rentalFen > Math.round(query.price_max * 100)) return false;
    if (query.no_deposit && row.depositFen !== 0) return false;
    if (query.vip_discount && !row.isUseVipDiscount) return false;
    if (query.insurance && !row.isInsurance) return false;
    if (query.bargain && !row.isUseBargain) return false;
    if (query.owner === 'merchant' && seeded.certTypeByShop.get(row.shopId) !== CERT_TYPE.merchant) return false;
    if (query.owner === 'store' && seeded.certTypeByShop.get(row.shopId) !== CERT_TYPE.store) return false;
    if (query.hafu_tier !== undefined && (row.gameMoney === 0 || hafuTier(row.gameMoney) !== query.hafu_tier)) return false;
    if (query.account_type !== undefined && seeded.accountTypeByListing.get(row.id) !== query.account_type) return false;
    if (query.period === 'daily_rental' && !row.dailyRental) return false;
    if (query.period === 'weekly_rental' && !row.weeklyRental) return false;
    if (query.period === 'night_rental' && !row.nightRental) return false;
    return true;
  });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const ids = (cards: readonly { id: number }[]): number[] => cards.map((card) => card.id).sort((a, b) => a - b);

function isSorted<T>(items: readonly T[], compare: (a: T, b: T) => number): boolean {
  return items.every((item, index) => index === 0 || compare(items[index - 1]!, item) <= 0);
}

/**
 * Hall order of each sort, as the issues state it (id breaks ties). The default and price sorts
 * put what can be rented now first (issue 12): the availability rank of the card, as the rules
 * give it from the card's own availability and bookable-now, leads.
 */
const byRank = (a: ListingCard, b: ListingCard): number => availabilityRank(a) - availabilityRank(b);
/** The hourly price the card shows (issue 12: the price sorts order by it, not the list price). */
const shownFen = (card: ListingCard): number => shownHourlyFen(card.rental_fen, card.activity.discount);
const ORDER: Record<string, (a: ListingCard, b: ListingCard) => number> = {
  recommended: (a, b) => byRank(a, b) || Number(b.top_shelf) - Number(a.top_shelf) || b.popularity - a.popularity || b.id - a.id,
  popular: (a, b) => b.popularity - a.popularity || b.id - a.id,
  price_asc: (a, b) => byRank(a, b) || shownFen(a) - shownFen(b) || a.id - b.id,
  price_desc: (a, b) => byRank(a, b) || shownFen(b) - shownFen(a) || b.id - a.id,
};

/** An instant given as Shanghai wall-clock time on a fixed day ('03:30'). */
const shanghaiAt = (clock: string): Date => new Date(`2026-03-10T${clock}:00+08:00`);

/** The shown hourly price of a seeded row, by the rule the cards use. */
const shownRowFen = (row: ListingRow): number => shownHourlyFen(row.rentalFen, row.activityDiscount);
/** The ranked sorts' keys on rows, after the rank (no sort = 综合: top shelf, popularity). */
const ROW_ORDER: Record<'default' | 'price_asc' | 'price_desc', (a: ListingRow, b: ListingRow) => number> = {
  default: (a, b) => Number(b.topShelf) - Number(a.topShelf) || b.popularity - a.popularity || b.id - a.id,
  price_asc: (a, b) => shownRowFen(a) - shownRowFen(b) || a.id - b.id,
  price_desc: (a, b) => shownRowFen(b) - shownRowFen(a) || b.id - a.id,
};

/** The ids a ranked sort must answer at `now`, in order, read from the rows with the rules. */
function expectedRankedIds(rows: readonly ListingRow[], gameRows: readonly GameRow[], sort: keyof typeof ROW_ORDER, now: Date): number[] {
  const gameById = new Map(gameRows.map((game) => [game.id, game]));
  const rank = new Map(rows.map((row) => [row.id, rankOfRow(row, gameById.get(row.gameId)!, now)]));
  return rows
    .filter((row) => row.isListed)
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)! || ROW_ORDER[sort](a, b))
    .map((row) => row.id);
}

describe.each(DRIVERS)('catalogue API on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('seeded', () => {
    let database: TestDatabase;
    let db: Db;
    let seeded: Seeded;
    /** 三角洲行动: the hafu-coin game. */
    let sjz: GameRow;
    let wzry: GameRow;
    /** The game under maintenance (逆战). */
    let maintained: GameRow;
    let listedCount: number;

    beforeAll(async () => {
      database = await openTestDatabase({ driver, seed: true });
      db = database.db;
      suiteContext.db = db;
      const [gameRows, listingRows, shopRows, attrRows] = await Promise.all([
        db.select().from(games),
        db.select().from(listings),
        db.select().from(shops),
        db.select().from(listingAttrs),
      ]);
      seeded = {
        games: gameRows,
        listings: listingRows,
        certTypeByShop: new Map(shopRows.map((shop) => [shop.id, shop.certType])),
        accountTypeByListing: new Map(attrRows.filter((attr) => attr.attrName === ACCOUNT_TYPE_ATTR_NAME).map((attr) => [attr.listingId, attr.value])),
      };
      sjz = gameRows.find((game) => game.slug === 'sjz')!;
      wzry = gameRows.find((game) => game.slug === 'wzry')!;
      maintained = gameRows.find((game) => game.maintenanceStatus === 1 && game.isSuspended === 1)!;
      listedCount = listingRows.filter((row) => row.isListed).length;
    });

    const serviceAll = (query: HallQuery, now: Date): Promise<ListingCard[]> => serviceAllOn(db, query, now);

    afterAll(async () => {
      suiteContext.db = null;
      await database?.close();
    });

    describe('game list (spec §7 rentalHall/gameList)', () => {
      it('answers data.url, and that URL answers the raw array of { title, id } without envelope or token', async () => {
        const list = await callRoute<{ url: string }>(getGameList, '/api/v1/rentalHall/gameList');
        expect(list.status).toBe(200);
        expect(list.body).toMatchObject({ code: 0, data: { url: '/api/v1/rentalHall/games.json' } });

        const raw = await callRoute(getGamesJson, list.body.data.url);
        expect(raw.status).toBe(200);
        expect(raw.headers.get('cache-control')).toBe('public, max-age=300');
        expect(raw.headers.get('content-type')).toContain('application/json');
        expect(Array.isArray(raw.body)).toBe(true);
        const items = raw.body as unknown as GameListItem[];
        expect(items).toHaveLength(seeded.games.length);
        for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'title']);
        expect(items.find((item) => item.id === sjz.id)).toEqual({ title: '三角洲行动', id: sjz.id });
      });

      it('refuses other methods with a 405 envelope', async () => {
        const { status, body, headers } = await callRoute(gameListOther, '/api/v1/rentalHall/gameList', { method: 'POST' });
        expect(status).toBe(405);
        expect(body.code).toBe(1);
        expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      });
    });

    describe('games, platforms and zones', () => {
      it('lists every game as a GameRef, hot games only those marked hot', async () => {
        const all = await callRoute<GameRef[]>(getGames, '/api/v1/zuhao/games');
        expect(all.status).toBe(200);
        expect(all.body.data).toHaveLength(seeded.games.length);
        expect(all.body.data.find((game) => game.id === sjz.id)).toEqual({
          id: sjz.id,
          name: '三角洲行动',
          slug: 'sjz',
          icon: sjz.icon,
          maintenance_status: 0,
          is_suspended: 0,
          maintenance_notice: null,
          has_hafu_coin: true,
        });
        expect(all.body.data.find((game) => game.id === maintained.id)).toMatchObject({ maintenance_status: 1, is_suspended: 1 });

        const hot = await callRoute<GameRef[]>(getHotGames, '/api/v1/zuhao/hotGames');
        const hotIds = seeded.games.filter((game) => game.isHot).map((game) => game.id);
        expect(ids(hot.body.data)).toEqual([...hotIds].sort((a, b) => a - b));
      });

      it('lists the platforms of a game; 404 for a game that does not exist; 400 naming game_id for a bad one', async () => {
        const ok = await callRoute<Platform[]>(getPlatforms, `/api/v1/zuhao/platforms?game_id=${sjz.id}`);
        expect(ok.body.data.map((platform) => platform.name)).toEqual(['PC端', '安卓QQ', '安卓微信', '苹果QQ', '苹果微信']);

        const missing = await callRoute(getPlatforms, '/api/v1/zuhao/platforms?game_id=99999');
        expect(missing.status).toBe(404);
        expect(missing.body).toMatchObject({ code: 1, msg: '游戏不存在', data: null });

        for (const bad of ['', '?game_id=abc', '?game_id=0', '?game_id=-1', '?game_id=1.5']) {
          const { status, body } = await callRoute(getPlatforms, `/api/v1/zuhao/platforms${bad}`);
          expect(status).toBe(400);
          expect(body.msg).toContain('game_id');
        }
      });

      it("lists a game's zones, and with a platform only its own and the shared ones; 404 for another game's platform", async () => {
        const all = await callRoute<Zone[]>(getZones, `/api/v1/zuhao/zones?game_id=${sjz.id}`);
        expect(all.body.data.map((zone) => zone.name)).toEqual(expect.arrayContaining(['官服', 'WeGame', 'Steam', 'QQ区', '微信区']));

        const pcOfSjz = (await db.select().from(platforms)).find((platform) => platform.gameId === sjz.id && platform.name === 'PC端')!;
        const pcZones = await callRoute<Zone[]>(getZones, `/api/v1/zuhao/zones?game_id=${sjz.id}&platform_id=${pcOfSjz.id}`);
        expect(pcZones.body.data.map((zone) => zone.name).sort()).toEqual(['Steam', 'WeGame', '官服']);
        for (const zone of pcZones.body.data) expect(zone.platform_id === null || zone.platform_id === pcOfSjz.id).toBe(true);

        const wzryPlatform = (await db.select().from(platforms)).find((platform) => platform.gameId === wzry.id)!;
        const foreign = await callRoute(getZones, `/api/v1/zuhao/zones?game_id=${sjz.id}&platform_id=${wzryPlatform.id}`);
        expect(foreign.status).toBe(404);
        expect(foreign.body.msg).toBe('平台不存在');

        const bad = await callRoute(getZones, `/api/v1/zuhao/zones?game_id=${sjz.id}&platform_id=x`);
        expect(bad.status).toBe(400);
        expect(bad.body.msg).toContain('platform_id');
      });
    });

    describe('rental hall (spec §7 zuhao account list)', () => {
      it('shows listed listings only, 20 a page, by default bookable now first, then top shelf and popularity', async () => {
        const page = await hall({});
        expect(page).toMatchObject({ page: 1, page_size: 20, total: listedCount });
        expect(page.list).toHaveLength(20);
        const listed = new Set(seeded.listings.filter((row) => row.isListed).map((row) => row.id));
        for (const card of page.list) expect(listed.has(card.id)).toBe(true);
        expect(isSorted(page.list, ORDER.recommended!)).toBe(true);
        expect(page.list[0]!.top_shelf).toBe(true);
      });

      it('shapes a card with yuan strings beside fen, the game path and the rules’ availability and bookable-now', async () => {
        const now = new Date();
        const cards = await hallAll({ game_id: sjz.id });
        for (const card of cards) {
          const row = seeded.listings.find((listing) => listing.id === card.id)!;
          expect(card.rental).toBe((row.rentalFen / 100).toFixed(2));
          expect(card.rental_fen).toBe(row.rentalFen);
          expect(card.deposit_fen).toBe(row.depositFen);
          expect(card.game_name).toBe('三角洲行动');
          expect(card.game_path).toBe(`/zuhao/${sjz.id}.html`);
          expect(card.cover).toBe(row.imgs[0]);
          expect(card.availability).toBe(
            listingAvailability({ maintenance_status: 0, is_suspended: 0, is_rented: row.isRented, is_reservation: row.isReservation, is_listed: true }),
          );
          // The request ran a moment ago; rental_time windows change on the minute, so compare with a fresh clock only away from a boundary.
          if (now.getSeconds() < 58) expect(card.bookable_now).toBe(isBookableNow({ is_rented: row.isRented, rental_time: row.rentalTime, third_type: row.thirdType }, now));
          expect([ACCOUNT_TYPE_VALUE.hafuCoin, ACCOUNT_TYPE_VALUE.skin]).toContain(card.account_type);
          expect(card.game_money).toBe(row.gameMoney);
          expect(card.hafuCoinPrepay).toMatch(/^\d+\.\d{2}$/);
          expect(card.activity.discount).toBe(row.activityDiscount);
        }
        expect(new Set(cards.map((card) => card.availability))).toEqual(new Set(['normal', 'appoint', 'unavailable']));
      });

      it('shows the listings of a game under maintenance as maintenance', async () => {
        const cards = await hallAll({ game_id: maintained.id });
        expect(cards.length).toBeGreaterThan(0);
        for (const card of cards) expect(card.availability).toBe('maintenance');
      });

      const filterCases: { name: string; query: (games: { sjz: GameRow; wzry: GameRow }) => HallQuery; check: (card: ListingCard) => void }[] = [
        { name: 'game', query: ({ wzry }) => ({ game_id: wzry.id }), check: (card) => expect(card.game_name).toBe('王者荣耀') },
        { name: 'price range in yuan', query: () => ({ price_min: 5, price_max: 9.5 }), check: (card) => expect(card.rental_fen >= 500 && card.rental_fen <= 950).toBe(true) },
        { name: 'period offered (weekly)', query: () => ({ period: 'weekly_rental' }), check: (card) => expect(card.rental_period.weekly_rental).toBe(true) },
        { name: 'period offered (night slot)', query: () => ({ period: 'night_rental' }), check: (card) => expect(card.rental_period.night_rental).toBe(true) },
        { name: 'no deposit', query: () => ({ no_deposit: true }), check: (card) => expect(card.deposit_fen).toBe(0) },
        { name: 'VIP discount usable', query: () => ({ vip_discount: true }), check: (card) => expect(card.is_use_vip_discount).toBe(true) },
        { name: 'merchant', query: () => ({ owner: 'merchant' }), check: (card) => expect([card.is_merchant, card.is_store]).toEqual([true, false]) },
        { name: 'store', query: () => ({ owner: 'store' }), check: (card) => expect([card.is_merchant, card.is_store]).toEqual([false, true]) },
        { name: 'insurance', query: () => ({ insurance: true }), check: (card) => expect(card.is_insurance).toBe(true) },
        { name: 'bargain usable', query: () => ({ bargain: true }), check: (card) => expect(card.is_use_bargain).toBe(true) },
        { name: 'hafu tier under 1M', query: ({ sjz }) => ({ game_id: sjz.id, hafu_tier: 'lt1m' }), check: (card) => expect(card.game_money > 0 && card.game_money < 1_000_000).toBe(true) },
        { name: 'hafu tier 1M', query: ({ sjz }) => ({ game_id: sjz.id, hafu_tier: '1m' }), check: (card) => expect(hafuTier(card.game_money)).toBe('1m') },
        { name: 'hafu tier 10M', query: () => ({ hafu_tier: '10m' }), check: (card) => expect(hafuTier(card.game_money)).toBe('10m') },
        { name: 'hafu tier 100M', query: () => ({ hafu_tier: '100m' }), check: (card) => expect(card.game_money).toBeGreaterThanOrEqual(100_000_000) },
        { name: 'account type 哈夫币号', query: () => ({ account_type: '哈夫币号' }), check: (card) => expect(card.account_type).toBe('哈夫币号') },
        { name: 'account type 皮肤号', query: ({ sjz }) => ({ game_id: sjz.id, account_type: '皮肤号' }), check: (card) => expect(card.account_type).toBe('皮肤号') },
        { name: 'keyword in the title', query: () => ({ keyword: '秒上号' }), check: (card) => expect(card.title).toContain('秒上号') },
        { name: 'keyword of one character (no bigram)', query: () => ({ keyword: '龙' }), check: (card) => expect(card.title).toContain('龙') },
        { name: 'keyword in any letter case', query: () => ({ keyword: 'awm' }), check: (card) => expect(card.title.toLowerCase()).toContain('awm') },
        { name: 'keyword of two terms', query: () => ({ keyword: '哈夫币 秒上号' }), check: (card) => expect(card.title).toMatch(/哈夫币.*秒上号|秒上号.*哈夫币/) },
        {
          name: 'every filter at once',
          query: ({ sjz }) => ({ game_id: sjz.id, price_min: 1, price_max: 30, no_deposit: true, vip_discount: true, account_type: '哈夫币号', hafu_tier: '10m' }),
          check: (card) => expect(card.deposit_fen === 0 && card.is_use_vip_discount && card.account_type === '哈夫币号' && hafuTier(card.game_money) === '10m').toBe(true),
        },
      ];

      it.each(filterCases)('narrows by $name: every card matches and the total is what the seed holds', async ({ query, check }) => {
        const hallQuery = query({ sjz, wzry });
        const cards = await hallAll(hallQuery as Record<string, string | number | boolean>);
        const expected = expectedHallIds(seeded, hallQuery);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(listedCount);
        for (const card of cards) check(card);
        expect(ids(cards)).toEqual(expected);
      });

      it('narrows by platform and zone', async () => {
        const sample = seeded.listings.find((row) => row.isListed && row.gameId === wzry.id && row.zoneId !== null)!;
        const cards = await hallAll({ game_id: wzry.id, platform_id: sample.platformId!, zone_id: sample.zoneId! });
        expect(cards.map((card) => card.id)).toContain(sample.id);
        const [platform] = (await db.select().from(platforms)).filter((row) => row.id === sample.platformId);
        const [zone] = (await db.select().from(zones)).filter((row) => row.id === sample.zoneId);
        for (const card of cards) expect([card.platform_name, card.zone_name]).toEqual([platform!.name, zone!.name]);
        expect(ids(cards)).toEqual(expectedHallIds(seeded, { game_id: wzry.id, platform_id: sample.platformId!, zone_id: sample.zoneId! }));
      });

      it('finds a keyword in the role name and in the game name (a hot tag such as 三角洲行动)', async () => {
        const sample = seeded.listings.find((row) => row.isListed)!;
        const byRole = await hallAll({ keyword: sample.roleName });
        expect(byRole.map((card) => card.id)).toContain(sample.id);
        expect(ids(byRole)).toEqual(expectedHallIds(seeded, { keyword: sample.roleName }));

        const byGame = await hall({ keyword: '三角洲行动' });
        expect(byGame.total).toBe(expectedHallIds(seeded, { game_id: sjz.id }).length);
      });

      it('takes %, _ and \\ in a keyword literally', async () => {
        for (const keyword of ['%', '_', '\\', '100%', 'a_b']) {
          const page = await hall({ keyword });
          expect(page.total).toBe(0);
          expect(page.list).toEqual([]);
        }
      });

      it.each(['popular', 'price_asc', 'price_desc'] as const)('sorts by %s with id breaking ties', async (sort) => {
        // One instant for every page: the rank of a price sort changes with the clock (rental_time).
        const cards = await serviceAll({ sort }, shanghaiAt('14:00'));
        expect(cards).toHaveLength(listedCount);
        expect(isSorted(cards, ORDER[sort]!)).toBe(true);
      });

      it('sorts by newest (created_at, then id, descending)', async () => {
        const cards = await hallAll({ sort: 'newest' });
        const created = new Map(seeded.listings.map((row) => [row.id, row.createdAt.getTime()]));
        expect(isSorted(cards, (a, b) => created.get(b.id)! - created.get(a.id)! || b.id - a.id)).toBe(true);
      });

      it('pages without duplicates or gaps, and past the last page answers an empty list with the total', async () => {
        for (const sort of ['popular', 'price_asc', 'newest'] as const) {
          const seen: number[] = [];
          let total = 0;
          for (let page = 1; page <= 40; page++) {
            const data = await hall({ sort, page, page_size: 13 });
            total = data.total;
            if (data.list.length === 0) break;
            seen.push(...data.list.map((card) => card.id));
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen.length).toBe(total);
        }
        const beyond = await hall({ page: 200 });
        expect(beyond).toMatchObject({ list: [], total: listedCount, page: 200 });
      });

      it('answers an empty page for a filter nothing matches', async () => {
        const page = await hall({ game_id: 99_999 });
        expect(page).toEqual({ list: [], total: 0, page: 1, page_size: 20 });
      });

      it('treats empty and unknown parameters as absent (a form, or channel parameters on a shared URL)', async () => {
        const page = await hall({ game_id: '', price_min: '', keyword: '  ', bd_vid: 'x1', a: '1' });
        expect(page.total).toBe(listedCount);
      });

      it.each([
        ['price_min above price_max', '?price_min=20&price_max=5', 'price_min'],
        ['unknown sort', '?sort=cheapest', 'sort'],
        ['page 0', '?page=0', 'page'],
        ['page not a number', '?page=two', 'page'],
        ['page_size above 60', '?page_size=61', 'page_size'],
        ['non-numeric game_id', '?game_id=abc', 'game_id'],
        ['id beyond integer', '?game_id=99999999999', 'game_id'],
        ['negative price', '?price_min=-1', 'price_min'],
        ['three decimals', '?price_max=1.005', 'price_max'],
        ['unknown period', '?period=monthly', 'period'],
        ['unknown owner', '?owner=person', 'owner'],
        ['unknown hafu tier', '?hafu_tier=5m', 'hafu_tier'],
        ['flag not on/off', '?no_deposit=maybe', 'no_deposit'],
        ['keyword too long', `?keyword=${'长'.repeat(51)}`, 'keyword'],
      ])('refuses %s with 400 naming the field', async (_name, search, field) => {
        const { status, body } = await callRoute(getAccounts, `/api/v1/zuhao/accounts${search}`);
        expect(status).toBe(400);
        expect(body.code).toBe(1);
        expect(body.msg).toContain(field);
        expect((body.data as { field: string }).field).toBe(field);
      });

      it('refuses POST with 405', async () => {
        const { status } = await callRoute(accountsOther, '/api/v1/zuhao/accounts', { method: 'POST' });
        expect(status).toBe(405);
      });
    });

    describe('what can be rented now leads (issue 12)', () => {
      const RANKED = [
        { name: '综合 (no sort)', query: {}, rowSort: 'default' },
        { name: 'price ascending', query: { sort: 'price_asc' }, rowSort: 'price_asc' },
        { name: 'price descending', query: { sort: 'price_desc' }, rowSort: 'price_desc' },
      ] as const satisfies readonly { name: string; query: HallQuery; rowSort: keyof typeof ROW_ORDER }[];
      /** Before every restricted rental_time opens, mid-afternoon, and late evening. */
      const INSTANTS = ['03:30', '14:00', '23:45'] as const;

      it.each(RANKED)('$name: bookable first, then reservable, then the rest, the sort applying within each group, at every hour', async ({ query, rowSort }) => {
        for (const clock of INSTANTS) {
          const now = shanghaiAt(clock);
          const cards = await serviceAll(query, now);
          expect(cards.map((card) => card.id), `${clock} Shanghai`).toEqual(expectedRankedIds(seeded.listings, seeded.games, rowSort, now));
          // The cards' own availability and bookable-now tell the same groups.
          expect(isSorted(cards, (a, b) => availabilityRank(a) - availabilityRank(b))).toBe(true);
        }
      });

      it('the seed has every group, and the hour moves listings between them (非可租时段)', async () => {
        const night = await serviceAll({}, shanghaiAt('03:30'));
        const afternoon = await serviceAll({}, shanghaiAt('14:00'));
        expect(new Set(night.map((card) => availabilityRank(card)))).toEqual(new Set([0, 1, 2]));
        const outsideHours = night.filter((card) => card.availability === 'normal' && !card.bookable_now);
        expect(outsideHours.length).toBeGreaterThan(0);
        expect(night.map((card) => card.id)).not.toEqual(afternoon.map((card) => card.id));
        // The first page never opens on a listing that cannot be rented now while one that can is left.
        for (const card of night.slice(0, 20)) expect(availabilityRank(card)).toBe(0);
      });

      it('a top-shelf, most popular, cheapest listing that is rented (不可租) leads no ranked sort, nor the shop page', async () => {
        const now = shanghaiAt('14:00');
        const target = seeded.listings.find((row) => row.isListed && row.gameId === wzry.id && !row.isRented && row.thirdType === null)!;
        await db.update(listings).set({ topShelf: true, popularity: 1_000_000, rentalFen: 1, isRented: true, isReservation: false }).where(eq(listings.id, target.id));
        try {
          for (const { query } of RANKED) {
            const page = await searchListings(db, { ...query, game_id: wzry.id }, now);
            expect(page.list[0]!.id).not.toBe(target.id);
            expect(page.list[0]!.availability).toBe('normal');
            expect(page.list[0]!.bookable_now).toBe(true);
          }
          // 人气 is asked for by name and stays popularity alone.
          const popular = await searchListings(db, { game_id: wzry.id, sort: 'popular' }, now);
          expect(popular.list[0]!.id).toBe(target.id);
          const shop = await callRoute<Page<ListingCard>>(getShopAccounts, `/api/v1/shop/accounts?id=${target.shopId}&page=1&page_size=60`);
          expect(shop.body.data.list[0]!.id).not.toBe(target.id);
          expect(availabilityRank(shop.body.data.list[0]!)).toBe(0);
        } finally {
          await db
            .update(listings)
            .set({ topShelf: target.topShelf, popularity: target.popularity, rentalFen: target.rentalFen, isRented: target.isRented, isReservation: target.isReservation })
            .where(eq(listings.id, target.id));
        }
      });

      // The column's check (listings_rental_time_check) refuses a blank or malformed rental_time, so these are the edges left.
      it('reads rental_time as the rule does: end minute included, across midnight, one-minute windows', async () => {
        const EDGE_TIMES = ['22:00-02:00', '09:00-09:00', '09:00-21:59', '00:00-23:59', '21:59-21:58', '00:00-00:00', '23:59-00:00', '02:00-22:00'];
        const free = seeded.listings.filter((row) => row.isListed && row.gameId === wzry.id && !row.isRented && row.thirdType === null).slice(0, EDGE_TIMES.length);
        expect(free).toHaveLength(EDGE_TIMES.length);
        const changed = free.map((row, index) => ({ ...row, rentalTime: EDGE_TIMES[index]! }));
        for (const row of changed) await db.update(listings).set({ rentalTime: row.rentalTime }).where(eq(listings.id, row.id));
        try {
          const rows = seeded.listings.filter((row) => row.gameId === wzry.id).map((row) => changed.find((edge) => edge.id === row.id) ?? row);
          for (const clock of ['09:00', '09:01', '21:58', '21:59', '22:00', '22:01', '23:59', '00:00', '02:00', '02:01', '08:00']) {
            const now = shanghaiAt(clock);
            const cards = await serviceAll({ game_id: wzry.id, sort: 'price_asc' }, now);
            expect(cards.map((card) => card.id), `${clock} Shanghai`).toEqual(expectedRankedIds(rows, seeded.games, 'price_asc', now));
            for (const row of changed) {
              const card = cards.find((item) => item.id === row.id)!;
              expect(card.bookable_now, `${JSON.stringify(row.rentalTime)} at ${clock}`).toBe(isBookableNow({ is_rented: false, rental_time: row.rentalTime, third_type: null }, now));
            }
          }
        } finally {
          for (const row of free) await db.update(listings).set({ rentalTime: row.rentalTime }).where(eq(listings.id, row.id));
        }
      });

      it('orders both price sorts by the discounted price the card shows, not the list price', async () => {
        const now = shanghaiAt('14:00');
        // Two listings of one game bookable all day: list prices 10.01 and 6.00 yuan. The dearer one
        // at 5折 shows 5.01 (half a fen rounds up, as applyFactorFen does), so for a renter it is the
        // cheaper of the two, and the price sorts must say so.
        const [dear, plain] = seeded.listings.filter((row) => row.isListed && row.gameId === wzry.id && !row.isRented && row.thirdType === null && row.rentalTime === RENTAL_TIME_ALL_DAY);
        expect(dear && plain).toBeTruthy();
        const saved = [dear!, plain!];
        await db.update(listings).set({ rentalFen: 1001, activityDiscount: 0.5 }).where(eq(listings.id, dear!.id));
        await db.update(listings).set({ rentalFen: 600, activityDiscount: null }).where(eq(listings.id, plain!.id));
        try {
          const ascending = await serviceAll({ game_id: wzry.id, sort: 'price_asc' }, now);
          const descending = await serviceAll({ game_id: wzry.id, sort: 'price_desc' }, now);
          const dearCard = ascending.find((card) => card.id === dear!.id)!;
          expect(shownFen(dearCard)).toBe(501);
          const position = (cards: ListingCard[], id: number): number => cards.findIndex((card) => card.id === id);
          expect(position(ascending, dear!.id)).toBeLessThan(position(ascending, plain!.id));
          expect(position(descending, dear!.id)).toBeGreaterThan(position(descending, plain!.id));
          // Both sit in the bookable group, so the price alone decides between them.
          for (const cards of [ascending, descending]) {
            for (const id of [dear!.id, plain!.id]) expect(availabilityRank(cards.find((card) => card.id === id)!)).toBe(0);
          }
          expect(isSorted(ascending, ORDER['price_asc']!)).toBe(true);
          expect(isSorted(descending, ORDER['price_desc']!)).toBe(true);
          // And through the API: the first page of the game's price_asc names the same order.
          const page = await hall({ game_id: wzry.id, sort: 'price_asc', page_size: 60 });
          expect(isSorted(page.list, ORDER['price_asc']!)).toBe(true);
        } finally {
          for (const row of saved) await db.update(listings).set({ rentalFen: row.rentalFen, activityDiscount: row.activityDiscount }).where(eq(listings.id, row.id));
        }
      });

      it('puts the listings of a game under maintenance (维护中) after every other group', async () => {
        const now = shanghaiAt('14:00');
        const cards = await serviceAll({ sort: 'price_asc' }, now);
        const firstMaintenance = cards.findIndex((card) => card.availability === 'maintenance');
        expect(firstMaintenance).toBeGreaterThan(0);
        for (const card of cards.slice(firstMaintenance)) expect(availabilityRank(card)).toBe(2);
        expect(cards.slice(0, firstMaintenance).some((card) => card.availability === 'maintenance')).toBe(false);
        // Cheaper maintenance listings exist, yet none comes before a bookable one.
        const cheapestMaintenance = Math.min(...cards.filter((card) => card.availability === 'maintenance').map((card) => card.rental_fen));
        expect(cards.some((card) => availabilityRank(card) === 0 && card.rental_fen > cheapestMaintenance)).toBe(true);
        for (const card of cards.filter((item) => item.availability === 'maintenance')) expect(card.game_id).toBe(maintained.id);
      });
    });

    describe('account detail (spec §7 "game account detail")', () => {
      it('answers every field a renter cares about, attrs and the owner’s certification', async () => {
        const row = seeded.listings.find((listing) => listing.isListed && listing.gameId === sjz.id)!;
        const { status, body } = await callRoute<ListingDetail>(getDetail, `/api/v1/detail/account?account_id=${row.id}`);
        expect(status).toBe(200);
        const detail = body.data;
        expect(detail).toMatchObject({
          id: row.id,
          title: row.title,
          role_name: row.roleName,
          imgs: row.imgs,
          cover: row.imgs[0],
          rental_fen: row.rentalFen,
          min_rental_period: row.minRentalHours,
          deposit_fen: row.depositFen,
          is_rented: row.isRented,
          is_reservation: row.isReservation,
          is_listed: true,
          third_type: row.thirdType,
          rental_time: row.rentalTime,
          game: { id: sjz.id, name: '三角洲行动', slug: 'sjz', has_hafu_coin: true },
          gameInfo: { name: '三角洲行动' },
          game_money: row.gameMoney,
          money_exchange_rate: row.moneyExchangeRate,
          created_at: row.createdAt.toISOString(),
        });
        const certType = seeded.certTypeByShop.get(row.shopId)!;
        expect(detail.merchantInfo).toMatchObject({ id: row.shopId, cert_type: certType });
        expect(detail.is_merchant).toBe(certType === CERT_TYPE.merchant);
        expect(detail.is_store).toBe(certType === CERT_TYPE.store);
        expect(detail.attrs.map((attr) => attr.attr_name)).toEqual(expect.arrayContaining([ACCOUNT_TYPE_ATTR_NAME, '段位', '皮肤数量']));
        // spec §9: prepay = game_money / money_exchange_rate (coins per yuan)
        expect(Number(detail.hafuCoinPrepay)).toBeCloseTo(row.gameMoney / row.moneyExchangeRate!, 2);
      });

      it('still shows an unlisted listing, as unavailable', async () => {
        const row = seeded.listings.find((listing) => !listing.isListed)!;
        const { status, body } = await callRoute<ListingDetail>(getDetail, `/api/v1/detail/account?account_id=${row.id}`);
        expect(status).toBe(200);
        expect(body.data).toMatchObject({ id: row.id, is_listed: false, availability: 'unavailable' });
      });

      it('answers 404 with code -400 and 账号已删除 for a listing that does not exist', async () => {
        const { status, body } = await callRoute(getDetail, '/api/v1/detail/account?account_id=987654');
        expect(status).toBe(404);
        expect(body).toEqual({ code: CODE_ACCOUNT_DELETED, msg: '账号已删除', data: null });
      });

      it('refuses a missing or non-numeric account_id with 400', async () => {
        for (const search of ['', '?account_id=', '?account_id=abc', '?account_id=0', '?id=3']) {
          const { status, body } = await callRoute(getDetail, `/api/v1/detail/account${search}`);
          expect(status).toBe(400);
          expect(body.msg).toContain('account_id');
        }
      });
    });

    describe('services called by pages with ids straight from a URL', () => {
      it('answers an id no row can have like a missing row, never with a database error', async () => {
        const now = new Date();
        for (const id of [Number.NaN, 0, -3, 1.5, 99_999_999_999]) {
          await expect(getListingDetail(db, id, now)).rejects.toMatchObject({ code: CODE_ACCOUNT_DELETED, httpStatus: 404 });
          await expect(listSimilarListings(db, id, 6, now)).rejects.toMatchObject({ code: CODE_ACCOUNT_DELETED, httpStatus: 404 });
          await expect(getShopService(db, id)).rejects.toMatchObject({ httpStatus: 404 });
          await expect(searchListings(db, { game_id: id }, now)).resolves.toMatchObject({ list: [], total: 0 });
          await expect(listSpecialOffers(db, { game_id: id, page: 1 }, now)).resolves.toMatchObject({ list: [], total: 0 });
        }
      });
    });

    describe('similar accounts', () => {
      it('answers listed listings of the same game, nearest price first, never the listing itself', async () => {
        const row = seeded.listings.find((listing) => listing.isListed && listing.gameId === wzry.id)!;
        const { status, body } = await callRoute<ListingCard[]>(getSimilar, `/api/v1/zuhao/similar?account_id=${row.id}&limit=5`);
        expect(status).toBe(200);
        expect(body.data).toHaveLength(5);
        for (const card of body.data) {
          expect(card.game_id).toBe(wzry.id);
          expect(card.id).not.toBe(row.id);
          expect(seeded.listings.find((listing) => listing.id === card.id)!.isListed).toBe(true);
        }
        const distances = body.data.map((card) => Math.abs(card.rental_fen - row.rentalFen));
        expect(isSorted(distances, (a, b) => a - b)).toBe(true);
        const closest = Math.min(...seeded.listings.filter((l) => l.isListed && l.gameId === wzry.id && l.id !== row.id).map((l) => Math.abs(l.rentalFen - row.rentalFen)));
        expect(distances[0]).toBe(closest);
      });

      it('defaults to 6, answers 404 -400 for a missing listing and 400 for a bad limit', async () => {
        const row = seeded.listings.find((listing) => listing.isListed && listing.gameId === wzry.id)!;
        const defaults = await callRoute<ListingCard[]>(getSimilar, `/api/v1/zuhao/similar?account_id=${row.id}`);
        expect(defaults.body.data).toHaveLength(6);
        const missing = await callRoute(getSimilar, '/api/v1/zuhao/similar?account_id=987654');
        expect([missing.status, missing.body.code]).toEqual([404, CODE_ACCOUNT_DELETED]);
        const bad = await callRoute(getSimilar, `/api/v1/zuhao/similar?account_id=${row.id}&limit=21`);
        expect(bad.status).toBe(400);
        expect(bad.body.msg).toContain('limit');
      });
    });

    describe('special offers (spec §7 tejia)', () => {
      const isOffer = (row: ListingRow): boolean => row.isListed && (row.activityDiscount !== null || row.isUseBargain);
      const effective = (card: ListingCard): number => Math.round(card.rental_fen * (card.activity.discount ?? 1));

      it('lists the games with offers and how many each has', async () => {
        const { status, body } = await callRoute<BargainGame[]>(getTejiaGames, '/api/v1/tejia/games');
        expect(status).toBe(200);
        expect(body.data.length).toBeGreaterThan(5);
        for (const game of body.data) {
          expect(game.listing_count).toBe(seeded.listings.filter((row) => isOffer(row) && row.gameId === game.id).length);
        }
        const withOffers = new Set(seeded.listings.filter(isOffer).map((row) => row.gameId));
        expect(ids(body.data)).toEqual([...withOffers].sort((a, b) => a - b));
      });

      it('lists offers (an activity discount or bargaining), cheapest effective price first, for all games or one', async () => {
        const all: ListingCard[] = [];
        for (let page = 1; ; page++) {
          const { body } = await callRoute<Page<ListingCard>>(getTejiaAccounts, `/api/v1/tejia/accounts?page=${page}&page_size=60`);
          all.push(...body.data.list);
          if (all.length >= body.data.total) break;
        }
        expect(ids(all)).toEqual(seeded.listings.filter(isOffer).map((row) => row.id).sort((a, b) => a - b));
        for (const card of all) expect(card.activity.discount !== null || card.is_use_bargain).toBe(true);
        expect(isSorted(all, (a, b) => effective(a) - effective(b) || a.id - b.id)).toBe(true);

        const one = await callRoute<Page<ListingCard>>(getTejiaAccounts, `/api/v1/tejia/accounts?game_id=${wzry.id}`);
        expect(one.body.data.total).toBe(seeded.listings.filter((row) => isOffer(row) && row.gameId === wzry.id).length);
        for (const card of one.body.data.list) expect(card.game_id).toBe(wzry.id);
      });

      it('refuses a bad game_id or page with 400', async () => {
        for (const [search, field] of [['?game_id=x', 'game_id'], ['?page=0', 'page']] as const) {
          const { status, body } = await callRoute(getTejiaAccounts, `/api/v1/tejia/accounts${search}`);
          expect(status).toBe(400);
          expect(body.msg).toContain(field);
        }
      });
    });

    describe('shops (/dianpu)', () => {
      it('lists shops with their listed-account counts, most first', async () => {
        const { status, body } = await callRoute<Page<ShopSummary>>(getShops, '/api/v1/shops?page=1');
        expect(status).toBe(200);
        expect(body.data.total).toBe(seeded.certTypeByShop.size);
        for (const shop of body.data.list) {
          expect(shop.listing_count).toBe(seeded.listings.filter((row) => row.isListed && row.shopId === shop.id).length);
        }
        expect(isSorted(body.data.list, (a, b) => b.listing_count - a.listing_count || a.id - b.id)).toBe(true);
        const merchant = body.data.list.find((shop) => shop.cert_type === CERT_TYPE.merchant)!;
        expect(merchant).toMatchObject({ name: '星耀租号工作室', is_merchant: true, is_store: false });
      });

      it("answers one shop, and its listed accounts in hall order; 404 店铺不存在 for an unknown shop", async () => {
        const shops = await callRoute<Page<ShopSummary>>(getShops, '/api/v1/shops');
        const first = shops.body.data.list[0]!;
        const one = await callRoute<ShopSummary>(getShop, `/api/v1/shop?id=${first.id}`);
        expect(one.body.data).toEqual(first);

        const listingsPage = await callRoute<Page<ListingCard>>(getShopAccounts, `/api/v1/shop/accounts?id=${first.id}&page=1&page_size=60`);
        expect(listingsPage.body.data.total).toBe(first.listing_count);
        expect(isSorted(listingsPage.body.data.list, ORDER.recommended!)).toBe(true);
        for (const card of listingsPage.body.data.list) expect(seeded.listings.find((row) => row.id === card.id)!.shopId).toBe(first.id);

        for (const route of [getShop, getShopAccounts]) {
          const missing = await callRoute(route, '/api/v1/shop?id=99999');
          expect(missing.status).toBe(404);
          expect(missing.body).toMatchObject({ code: 1, msg: '店铺不存在' });
        }
        const bad = await callRoute(getShop, '/api/v1/shop?id=abc');
        expect(bad.status).toBe(400);
        expect(bad.body.msg).toContain('id');
        const badPage = await callRoute(getShops, '/api/v1/shops?page=0');
        expect(badPage.status).toBe(400);
      });
    });
  });
});
