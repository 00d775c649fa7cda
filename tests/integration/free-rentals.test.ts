/**
 * Free rentals (issue 3; spec §7 free group: games, list, promotion, free count) through the
 * service and the endpoints, on the demo seed, on an in-memory PGlite and, when DATABASE_URL_TEST
 * is set, on a fresh PostgreSQL.
 *
 * Our rules (free-rentals.ts): an offer is active when starts_at <= now < ends_at and its listing
 * is listed and not rented; a signed-in user has FREE_RENTALS_PER_DAY free rentals per Shanghai day.
 * Each test after the seed checks replaces every offer with its own (setOffers).
 */
import { asc, count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '~/features/catalog/types';
import { FREE_LIST_PAGE_SIZE_DEFAULT, FREE_PROMOTION_TEXT, FREE_PROMOTION_TITLE, FREE_RENTALS_PER_DAY } from '~/features/free/constants';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { DEMO_FREE_OFFER_COUNT, seedDemoFreeOffers } from '~/app/seed/free';
import { freeOffers, games, listings, users } from '~/platform/db/schema';
import { MSG_UNAUTHORIZED } from '~/platform/http/errors';
import { getCatalogVersion } from '~/platform/edge/catalog-version';
import { freePromotion, listFreeGames, listFreeOffers, type FreeCount, type FreeGame, type FreeOfferCard, type FreePromotion } from '~/features/free/server/free-rentals';
import { issueToken } from '~/features/sign-in/server/tokens';
import { GET as getCount, ALL as countOther } from '~/pages/api/v1/free/count';
import { GET as getGames } from '~/pages/api/v1/free/games';
import { GET as getList, ALL as listOther } from '~/pages/api/v1/free/list';
import { GET as getPromotion } from '~/pages/api/v1/free/promotion';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectOk } from './endpoint-call';
import { suiteContext } from './route-context';


const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface OfferSpec {
  listingId: number;
  startsAt: Date;
  endsAt: Date;
  freeHours?: number;
}

interface SeedListing {
  id: number;
  gameId: number;
  isListed: boolean;
  isRented: boolean;
}

describe.each(TEST_DRIVERS)('free rentals on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  /** Seed listings, lowest id first. */
  let all: SeedListing[];
  /** Listed and not rented: the listings an offer can be active on. */
  let available: SeedListing[];
  /** Game ids in catalogue order. */
  let gameOrder: number[];

  /** Replaces every offer with `specs`. */
  async function setOffers(specs: OfferSpec[]): Promise<void> {
    await db.delete(freeOffers);
    if (specs.length > 0) await db.insert(freeOffers).values(specs.map((spec) => ({ freeHours: 1, ...spec })));
  }

  /** An offer running from a day before `now` to a day after. */
  function running(listingId: number, now: Date, freeHours = 1): Required<OfferSpec> {
    return { listingId, startsAt: new Date(now.getTime() - DAY_MS), endsAt: new Date(now.getTime() + DAY_MS), freeHours };
  }

  function ids(page: Page<FreeOfferCard>): number[] {
    return page.list.map((card) => card.id);
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    all = await db
      .select({ id: listings.id, gameId: listings.gameId, isListed: listings.isListed, isRented: listings.isRented })
      .from(listings)
      .orderBy(asc(listings.id));
    available = all.filter((row) => row.isListed && !row.isRented);
    gameOrder = (await db.select({ id: games.id }).from(games).orderBy(asc(games.sort), asc(games.id))).map((row) => row.id);
    expect(available.length).toBeGreaterThanOrEqual(60);
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  describe.skipIf(skip)('demo seed', () => {
    it(`offers ${DEMO_FREE_OFFER_COUNT} listings across several games, all active now`, async () => {
      const [row] = await db.select({ n: count(), games: countDistinct(listings.gameId) }).from(freeOffers).innerJoin(listings, eq(listings.id, freeOffers.listingId));
      expect(Number(row!.n)).toBe(DEMO_FREE_OFFER_COUNT);
      expect(Number(row!.games)).toBeGreaterThanOrEqual(4);
      const page = await listFreeOffers(db, { page_size: 50 }, new Date());
      expect(page.total).toBe(DEMO_FREE_OFFER_COUNT);
      for (const card of page.list) expect([1, 2]).toContain(card.free_hours);
    });

    it('seeding again changes nothing while any offer exists', async () => {
      const before = await db.select({ id: freeOffers.id }).from(freeOffers).orderBy(asc(freeOffers.id));
      expect(await seedDemoFreeOffers(db, new Date())).toEqual({ seeded: false });
      expect(await db.select({ id: freeOffers.id }).from(freeOffers).orderBy(asc(freeOffers.id))).toEqual(before);
    });

    it('seeds an empty table once, the same listings every time', async () => {
      const seededListings = (await db.select({ listingId: freeOffers.listingId }).from(freeOffers).orderBy(asc(freeOffers.listingId))).map((row) => row.listingId);
      await setOffers([]);
      expect(await seedDemoFreeOffers(db, new Date())).toEqual({ seeded: true });
      expect(await seedDemoFreeOffers(db, new Date())).toEqual({ seeded: false });
      const again = (await db.select({ listingId: freeOffers.listingId }).from(freeOffers).orderBy(asc(freeOffers.listingId))).map((row) => row.listingId);
      expect(again).toEqual(seededListings);
    });
  });

  describe.skipIf(skip)('catalogue version', () => {
    it('rises when a free offer is inserted (cached /free and catalogue pages are dropped)', async () => {
      await setOffers([]);
      const before = await getCatalogVersion(db);
      await db.insert(freeOffers).values(running(available[0]!.id, new Date()));
      expect(await getCatalogVersion(db)).toBeGreaterThan(before);
    });

    it('rises when a free offer is deleted', async () => {
      const before = await getCatalogVersion(db);
      await db.delete(freeOffers);
      expect(await getCatalogVersion(db)).toBeGreaterThan(before);
    });
  });

  describe.skipIf(skip)('active offers', () => {
    const NOW = new Date('2025-06-01T04:00:00.000Z');

    it('starts_at is inclusive and ends_at exclusive', async () => {
      const [a, b, c, d] = available;
      await setOffers([
        { listingId: a!.id, startsAt: NOW, endsAt: new Date(NOW.getTime() + HOUR_MS) }, // starts now: active
        { listingId: b!.id, startsAt: new Date(NOW.getTime() - HOUR_MS), endsAt: NOW }, // ended now: not active
        { listingId: c!.id, startsAt: new Date(NOW.getTime() + 1), endsAt: new Date(NOW.getTime() + HOUR_MS) }, // starts in 1 ms
        { listingId: d!.id, startsAt: new Date(NOW.getTime() - HOUR_MS), endsAt: new Date(NOW.getTime() + 1) }, // ends in 1 ms: active
      ]);
      const page = await listFreeOffers(db, {}, NOW);
      expect(ids(page).sort((x, y) => x - y)).toEqual([a!.id, d!.id].sort((x, y) => x - y));
      expect(page.total).toBe(2);
      expect((await freePromotion(db, NOW)).active_offers).toBe(2);
      // A millisecond later the first is still active and the last has ended; the third has begun.
      const later = await listFreeOffers(db, {}, new Date(NOW.getTime() + 1));
      expect(ids(later).sort((x, y) => x - y)).toEqual([a!.id, c!.id].sort((x, y) => x - y));
    });

    it('leaves out offers on rented or unlisted listings', async () => {
      const rented = all.find((row) => row.isListed && row.isRented)!;
      const unlisted = all.find((row) => !row.isListed)!;
      const normal = available[0]!;
      await setOffers([running(rented.id, NOW), running(unlisted.id, NOW), running(normal.id, NOW)]);
      const page = await listFreeOffers(db, {}, NOW);
      expect(ids(page)).toEqual([normal.id]);
      expect(page.total).toBe(1);
      expect((await freePromotion(db, NOW)).active_offers).toBe(1);
      expect(await listFreeGames(db, NOW)).toEqual([expect.objectContaining({ id: normal.gameId, offer_count: 1 })]);

      // Renting the listing ends its offer's visibility; returning it brings it back.
      await db.update(listings).set({ isRented: true }).where(eq(listings.id, normal.id));
      expect((await listFreeOffers(db, {}, NOW)).total).toBe(0);
      await db.update(listings).set({ isRented: false }).where(eq(listings.id, normal.id));
      expect((await listFreeOffers(db, {}, NOW)).total).toBe(1);
    });

    it('a card carries the hall card plus free_hours and ends_at', async () => {
      const listing = available[1]!;
      const endsAt = new Date(NOW.getTime() + 5 * HOUR_MS);
      await setOffers([{ listingId: listing.id, startsAt: NOW, endsAt, freeHours: 2 }]);
      const [card] = (await listFreeOffers(db, {}, NOW)).list;
      expect(card).toMatchObject({ id: listing.id, game_id: listing.gameId, free_hours: 2, ends_at: endsAt.toISOString() });
      expect(card!.game_path).toBe(`/zuhao/${listing.gameId}.html`);
      expect(card!.availability).not.toBe('unavailable');
    });
  });

  describe.skipIf(skip)('games', () => {
    it('lists games with active offers and their counts, in catalogue order', async () => {
      const now = new Date();
      const byGame = (gameId: number) => available.filter((row) => row.gameId === gameId);
      const withListings = gameOrder.filter((id) => byGame(id).length >= 3);
      const [first, second, third] = withListings;
      await setOffers([
        ...byGame(second!).slice(0, 3).map((row) => running(row.id, now)),
        running(byGame(first!)[0]!.id, now),
        // Ended yesterday: its game does not show.
        { listingId: byGame(third!)[0]!.id, startsAt: new Date(now.getTime() - 3 * DAY_MS), endsAt: new Date(now.getTime() - DAY_MS) },
      ]);
      const gamesList = await listFreeGames(db, now);
      expect(gamesList.map((game) => [game.id, game.offer_count])).toEqual([
        [first!, 1],
        [second!, 3],
      ]);
      const viaApi = expectOk(await callRoute<FreeGame[]>(getGames, '/api/v1/free/games'));
      expect(viaApi).toEqual(gamesList);
      expect(viaApi[0]).toMatchObject({ name: expect.any(String), icon: expect.any(String), slug: expect.any(String) });

      const ofSecond = expectOk(await callRoute<Page<FreeOfferCard>>(getList, `/api/v1/free/list?game_id=${second}`));
      expect(ofSecond.total).toBe(3);
      expect(ofSecond.list.every((card) => card.game_id === second)).toBe(true);
      const ofThird = expectOk(await callRoute<Page<FreeOfferCard>>(getList, `/api/v1/free/list?game_id=${third}`));
      expect(ofThird).toEqual({ list: [], total: 0, page: 1, page_size: FREE_LIST_PAGE_SIZE_DEFAULT });
      // A game that does not exist has no offers (not an error).
      expect(expectOk(await callRoute<Page<FreeOfferCard>>(getList, '/api/v1/free/list?game_id=987654')).total).toBe(0);
    });
  });

  describe.skipIf(skip)('paging', () => {
    it('pages through every active offer once, 20 by default and 50 at most', async () => {
      const now = new Date();
      const chosen = available.slice(0, 55);
      await setOffers(chosen.map((row, index) => running(row.id, now, 1 + (index % 24))));

      const first = expectOk(await callRoute<Page<FreeOfferCard>>(getList, '/api/v1/free/list'));
      expect(first.page).toBe(1);
      expect(first.page_size).toBe(FREE_LIST_PAGE_SIZE_DEFAULT);
      expect(first.total).toBe(55);
      expect(first.list).toHaveLength(FREE_LIST_PAGE_SIZE_DEFAULT);

      const seen: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const data = expectOk(await callRoute<Page<FreeOfferCard>>(getList, `/api/v1/free/list?page=${page}&page_size=10`));
        expect(data.list).toHaveLength(page <= 5 ? 10 : 5);
        seen.push(...ids(data));
      }
      expect(new Set(seen).size).toBe(55);
      expect([...seen].sort((x, y) => x - y)).toEqual(chosen.map((row) => row.id).sort((x, y) => x - y));

      const widest = expectOk(await callRoute<Page<FreeOfferCard>>(getList, '/api/v1/free/list?page_size=50'));
      expect(widest.list).toHaveLength(50);
      const past = expectOk(await callRoute<Page<FreeOfferCard>>(getList, '/api/v1/free/list?page=9'));
      expect(past).toMatchObject({ list: [], total: 55, page: 9 });
      // The service caps what a caller passes past the endpoint.
      expect((await listFreeOffers(db, { page_size: 500 }, now)).page_size).toBe(50);
    });

    it.each([
      ['page_size above 50', '?page_size=51'],
      ['page_size 0', '?page_size=0'],
      ['page 0', '?page=0'],
      ['a page that is not a number', '?page=abc'],
      ['a game id that is not a number', '?game_id=abc'],
      ['a game id past integer range', '?game_id=2147483648'],
    ])('rejects %s with 400', async (_name, query) => {
      const result = await callRoute(getList, `/api/v1/free/list${query}`);
      expect(result.status).toBe(400);
      expect(result.body.code).not.toBe(0);
    });

    it('answers other methods with 405', async () => {
      expect((await callRoute(listOther, '/api/v1/free/list', { method: 'POST' })).status).toBe(405);
      expect((await callRoute(countOther, '/api/v1/free/count', { method: 'POST' })).status).toBe(405);
    });
  });

  describe.skipIf(skip)('promotion', () => {
    it('gives the campaign text and the number of active offers', async () => {
      const now = new Date();
      const [a, b, c] = available;
      await setOffers([running(a!.id, now), running(b!.id, now), { listingId: c!.id, startsAt: new Date(now.getTime() + DAY_MS), endsAt: new Date(now.getTime() + 2 * DAY_MS) }]);
      const data = expectOk(await callRoute<FreePromotion>(getPromotion, '/api/v1/free/promotion'));
      expect(data).toEqual({ title: FREE_PROMOTION_TITLE, text: FREE_PROMOTION_TEXT, active_offers: 2 });
    });
  });

  describe.skipIf(skip)('free count', () => {
    // Free orders using the allowance up, cancelled ones included, are tests/integration/free-orders.test.ts.
    it('gives a signed-in user without free orders all FREE_RENTALS_PER_DAY of today', async () => {
      const [user] = await db.insert(users).values({ username: 'free_count_user', nickname: '免费次数测试' }).returning({ id: users.id });
      const { token } = await issueToken(db, user!.id, { now: new Date() });
      const data = expectOk(await callRoute<FreeCount>(getCount, '/api/v1/free/count', { authorization: `Bearer ${token}` }));
      expect(data).toEqual({ per_day: FREE_RENTALS_PER_DAY, used_today: 0, remaining: FREE_RENTALS_PER_DAY });
    });

    it.each([
      ['without a token', undefined],
      ['with an unknown token', 'Bearer not-a-real-token'],
    ])('answers 401 %s', async (_name, authorization) => {
      const result = await callRoute(getCount, '/api/v1/free/count', { authorization });
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ code: 1, msg: MSG_UNAUTHORIZED, data: null });
      expect(result.headers.get('www-authenticate')).toBe('Bearer');
    });
  });

  describe.skipIf(skip)('the schema', () => {
    it('keeps free_hours within 1-24 and one offer per listing', async () => {
      const now = new Date();
      await setOffers([]);
      const listing = available[0]!;
      await expect(db.insert(freeOffers).values({ ...running(listing.id, now), freeHours: 25 })).rejects.toThrow();
      await db.insert(freeOffers).values(running(listing.id, now));
      await expect(db.insert(freeOffers).values(running(listing.id, now))).rejects.toThrow();
      const [row] = await db.select({ n: count() }).from(freeOffers).where(eq(freeOffers.listingId, listing.id));
      expect(Number(row!.n)).toBe(1);
    });
  });
});
