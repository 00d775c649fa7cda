/**
 * A listing's reviews (spec §7 detail "comments") through GET detail/comments and the service, and
 * the demo reviews of the seed, on PGlite and, when DATABASE_URL_TEST is set, on PostgreSQL.
 */
import { asc, eq, notExists, notLike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SUCCESS, ORDER_STATUS } from '~/platform/config/constants';
import { CODE_ACCOUNT_DELETED } from '~/features/catalog/constants';
import { REVIEWS_PAGE_SIZE_DEFAULT, REVIEWS_PAGE_SIZE_MAX } from '~/features/reviews/constants';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { listingReviews, listings, orders, shops, users } from '~/platform/db/schema';
import { DEMO_USERS } from '~/app/seed/demo';
import { DEMO_REVIEWER_USERNAMES, DEMO_REVIEW_SPREAD_DAYS, planDemoReviews } from '~/app/seed/reviews';
import { seedDemoHistory } from '~/app/seed/history';
import { DEMO_PLAYERS } from '~/app/seed/players';
import { MSG_ACCOUNT_DELETED } from '~/features/catalog/server/catalog';
import { listReviews, type ReviewsPage } from '~/features/reviews/server/reviews';
import { GET as getComments, ALL as commentsOther } from '~/pages/api/v1/detail/comments';
import { TEST_DRIVERS } from './drivers';
import { callRoute } from './endpoint-call';
import { suiteContext } from './route-context';


const NOW = new Date('2026-11-23T12:00:00+08:00');
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const AVATAR = 'https://img.example.com/avatar/renter01.png';

/**
 * Twelve reviews of one listing, `minutesAgo` apart, order_no TEST… so they are told from the
 * seeded ones. Two share an instant (the id decides), two are anonymous. Ratings sum to 53: average 4.4.
 */
const FIXTURE = [
  { by: 'renter', rating: 5, minutesAgo: 10, anonymous: false, content: '上号很快，皮肤和描述一致' },
  { by: 'renter2', rating: 4, minutesAgo: 20, anonymous: false, content: '客服响应及时' },
  { by: 'renter', rating: 3, minutesAgo: 30, anonymous: true, content: '总体还行' },
  { by: 'renter2', rating: 5, minutesAgo: 30, anonymous: false, content: '同一时刻写的第二条' },
  { by: 'renter', rating: 5, minutesAgo: 60, anonymous: false, content: '账号段位没问题，下次还租' },
  { by: 'renter2', rating: 4, minutesAgo: 120, anonymous: false, content: '价格实惠' },
  { by: 'renter', rating: 4, minutesAgo: 240, anonymous: true, content: '匿名写的' },
  { by: 'renter2', rating: 5, minutesAgo: 480, anonymous: false, content: '第二次租了' },
  { by: 'renter', rating: 3, minutesAgo: 1_000, anonymous: false, content: '上号等了十分钟' },
  { by: 'renter2', rating: 5, minutesAgo: 2_000, anonymous: false, content: '皮肤齐全' },
  { by: 'renter', rating: 5, minutesAgo: 3_000, anonymous: false, content: '稳定不掉线' },
  { by: 'renter2', rating: 5, minutesAgo: 4_000, anonymous: false, content: '最早的一条' },
] as const;
const FIXTURE_AVERAGE = 4.4;
/** FIXTURE's contents newest first; of two written in the same instant, the later insert (higher id) first. */
const NEWEST_FIRST = FIXTURE.map((review, index) => ({ ...review, index }))
  .sort((a, b) => a.minutesAgo - b.minutesAgo || b.index - a.index)
  .map((review) => review.content);

describe.each(TEST_DRIVERS)('listing reviews on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('seeded', () => {
    let database: TestDatabase;
    let db: Db;
    /** A listing with the FIXTURE reviews only. */
    let reviewedId: number;
    /** A listing without any review. */
    let quietId: number;
    let missingId: number;
    const userIds = { renter: 0, renter2: 0 };

    const get = (query: string) => callRoute<ReviewsPage>(getComments, `/api/v1/detail/comments?${query}`);

    beforeAll(async () => {
      database = await openTestDatabase({ driver, seed: true });
      db = database.db;
      suiteContext.db = db;

      for (const [key, demo] of [
        ['renter', DEMO_USERS.renter],
        ['renter2', DEMO_USERS.renterUnverified],
      ] as const) {
        const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, demo.username));
        userIds[key] = row!.id;
      }
      await db.update(users).set({ avatar: AVATAR }).where(eq(users.id, userIds.renter));

      const unreviewed = await db
        .select({ id: listings.id })
        .from(listings)
        .where(notExists(db.select({ id: listingReviews.id }).from(listingReviews).where(eq(listingReviews.listingId, listings.id))))
        .orderBy(asc(listings.id))
        .limit(2);
      [reviewedId, quietId] = unreviewed.map((row) => row.id) as [number, number];
      const [maxRow] = await db.select({ max: sql<number>`max(${listings.id})::int` }).from(listings);
      missingId = maxRow!.max + 1_000;

      await db.insert(listingReviews).values(
        FIXTURE.map((review, index) => ({
          listingId: reviewedId,
          userId: userIds[review.by],
          orderNo: `TEST${String(index).padStart(6, '0')}`,
          rating: review.rating,
          content: review.content,
          isAnonymous: review.anonymous,
          createdAt: new Date(NOW.getTime() - review.minutesAgo * MINUTE_MS),
        })),
      );
    });

    afterAll(async () => {
      suiteContext.db = null;
      await database?.close();
    });

    it('answers the first page of reviews, newest first, with the average of all of them', async () => {
      const { status, body } = await get(`account_id=${reviewedId}`);
      expect(status).toBe(200);
      expect(body.code).toBe(CODE_SUCCESS);
      const page = body.data;
      expect(Object.keys(page).sort()).toEqual(['average_rating', 'list', 'page', 'page_size', 'total']);
      expect(page).toMatchObject({ total: FIXTURE.length, average_rating: FIXTURE_AVERAGE, page: 1, page_size: REVIEWS_PAGE_SIZE_DEFAULT });
      expect(page.list).toHaveLength(REVIEWS_PAGE_SIZE_DEFAULT);
      for (const review of page.list) {
        expect(Object.keys(review).sort()).toEqual(['avatar', 'content', 'created_at', 'id', 'nickname', 'rating']);
        expect(review.created_at).toBe(new Date(review.created_at).toISOString());
      }
      expect(page.list.map((review) => review.content)).toEqual(NEWEST_FIRST.slice(0, REVIEWS_PAGE_SIZE_DEFAULT));
    });

    it('two reviews of the same instant come newest id first', async () => {
      const { body } = await get(`account_id=${reviewedId}`);
      const tied = body.data.list.filter((review) => review.content === '总体还行' || review.content === '同一时刻写的第二条');
      expect(tied).toHaveLength(2);
      expect(tied[0]!.id).toBeGreaterThan(tied[1]!.id);
      const times = body.data.list.map((review) => Date.parse(review.created_at));
      expect(times.every((time, index) => index === 0 || times[index - 1]! >= time)).toBe(true);
    });

    it('pages follow one another without repeating or skipping a review', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((page) => get(`account_id=${reviewedId}&page=${page}&page_size=4`)));
      const ids = pages.flatMap(({ body }) => body.data.list.map((review) => review.id));
      expect(pages.map(({ body }) => body.data.list.length)).toEqual([4, 4, 4, 0]);
      expect(new Set(ids).size).toBe(FIXTURE.length);
      const all = (await get(`account_id=${reviewedId}&page_size=${REVIEWS_PAGE_SIZE_MAX}`)).body.data;
      expect(ids).toEqual(all.list.map((review) => review.id));
      expect(pages[3]!.body.data).toMatchObject({ total: FIXTURE.length, average_rating: FIXTURE_AVERAGE, page: 4, page_size: 4 });
    });

    it(`the page size is at most ${REVIEWS_PAGE_SIZE_MAX}: the endpoint refuses more, the service caps it`, async () => {
      expect((await get(`account_id=${reviewedId}&page_size=${REVIEWS_PAGE_SIZE_MAX}`)).status).toBe(200);
      const tooMany = await get(`account_id=${reviewedId}&page_size=${REVIEWS_PAGE_SIZE_MAX + 1}`);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.data).toMatchObject({ field: 'page_size' });
      expect((await listReviews(db, reviewedId, { page_size: 1_000 })).page_size).toBe(REVIEWS_PAGE_SIZE_MAX);
      expect((await listReviews(db, reviewedId, { page_size: 0 })).page_size).toBe(REVIEWS_PAGE_SIZE_DEFAULT);
    });

    it('an anonymous review shows 匿名用户 and no avatar; any other the masked nickname and the avatar', async () => {
      const { list } = (await get(`account_id=${reviewedId}&page_size=${REVIEWS_PAGE_SIZE_MAX}`)).body.data;
      const byContent = new Map(list.map((review) => [review.content, review]));
      expect(byContent.get('总体还行')).toMatchObject({ nickname: '匿名用户', avatar: null });
      expect(byContent.get('匿名写的')).toMatchObject({ nickname: '匿名用户', avatar: null });
      expect(byContent.get('上号很快，皮肤和描述一致')).toMatchObject({ nickname: '租***01', avatar: AVATAR });
      expect(byContent.get('客服响应及时')).toMatchObject({ nickname: '租***02', avatar: null });
      // The real name never leaves the server.
      expect(JSON.stringify(list)).not.toContain(DEMO_USERS.renter.nickname);
    });

    it('a listing without reviews answers an empty page and no average', async () => {
      const { status, body } = await get(`account_id=${quietId}`);
      expect(status).toBe(200);
      expect(body.data).toEqual({ list: [], total: 0, average_rating: null, page: 1, page_size: REVIEWS_PAGE_SIZE_DEFAULT });
    });

    it('a missing listing is deleted: 404 with code -400 账号已删除', async () => {
      const { status, body } = await get(`account_id=${missingId}`);
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: CODE_ACCOUNT_DELETED, msg: MSG_ACCOUNT_DELETED });
      await expect(listReviews(db, 2 ** 40)).rejects.toMatchObject({ code: CODE_ACCOUNT_DELETED, httpStatus: 404 });
    });

    it.each([
      ['no account_id', ''],
      ['account_id not a number', 'account_id=abc'],
      ['account_id 0', 'account_id=0'],
      ['page 0', 'account_id=1&page=0'],
      ['page not a number', 'account_id=1&page=x'],
      ['page_size 0', 'account_id=1&page_size=0'],
      ['a negative page_size', 'account_id=1&page_size=-5'],
    ])('a bad query is a 400 naming the field: %s', async (_name, query) => {
      const { status, body } = await get(query);
      expect(status).toBe(400);
      expect(body.code).not.toBe(CODE_SUCCESS);
      expect(typeof body.msg).toBe('string');
    });

    it('an empty page or page_size means the default', async () => {
      const { body } = await get(`account_id=${reviewedId}&page=&page_size=`);
      expect(body.data).toMatchObject({ page: 1, page_size: REVIEWS_PAGE_SIZE_DEFAULT });
    });

    it('a method other than GET gets a 405 envelope with Allow: GET', async () => {
      const { status, headers, body } = await callRoute(commentsOther, `/api/v1/detail/comments?account_id=${reviewedId}`, { method: 'POST' });
      expect(status).toBe(405);
      expect(headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(body.code).not.toBe(CODE_SUCCESS);
    });

    describe('demo reviews', () => {
      const seededRows = () =>
        db
          .select()
          .from(listingReviews)
          .where(notLike(listingReviews.orderNo, 'TEST%'))
          .orderBy(asc(listingReviews.listingId), asc(listingReviews.id));

      it('about a third of the listings have 1-6 reviews, mostly 4-5 stars, some anonymous, all from the last 60 days', async () => {
        const rows = await seededRows();
        const [{ n: listingCount }] = (await db.select({ n: sql<number>`count(*)::int` }).from(listings)) as [{ n: number }];
        const perListing = new Map<number, number>();
        for (const row of rows) perListing.set(row.listingId, (perListing.get(row.listingId) ?? 0) + 1);
        expect(perListing.size / listingCount).toBeGreaterThan(0.25);
        expect(perListing.size / listingCount).toBeLessThan(0.42);
        expect([...perListing.values()].every((n) => n >= 1 && n <= 6)).toBe(true);

        expect(rows.every((row) => row.rating >= 3 && row.rating <= 5)).toBe(true);
        expect(rows.filter((row) => row.rating >= 4).length / rows.length).toBeGreaterThan(0.75);
        expect(rows.some((row) => row.rating === 3)).toBe(true);
        const anonymous = rows.filter((row) => row.isAnonymous).length / rows.length;
        expect(anonymous).toBeGreaterThan(0.05);
        expect(anonymous).toBeLessThan(0.4);
        expect(rows.every((row) => row.content.length > 0 && row.content.length <= 500)).toBe(true);
        const now = Date.now();
        expect(rows.every((row) => row.createdAt.getTime() <= now && row.createdAt.getTime() >= now - (DEMO_REVIEW_SPREAD_DAYS + 1) * DAY_MS)).toBe(true);
      });

      it('are written by the demo players, each after a finished rental of that listing which the review names', async () => {
        const rows = await db
          .select({ username: users.username, reviewerId: listingReviews.userId, ownerId: shops.ownerUserId, orderUserId: orders.userId, orderListingId: orders.listingId, listingId: listingReviews.listingId, status: orders.status, endsAt: orders.endsAt, paidAt: orders.paidAt, createdAt: listingReviews.createdAt })
          .from(listingReviews)
          .innerJoin(users, eq(users.id, listingReviews.userId))
          .innerJoin(listings, eq(listings.id, listingReviews.listingId))
          .innerJoin(shops, eq(shops.id, listings.shopId))
          .leftJoin(orders, eq(orders.orderNo, listingReviews.orderNo))
          .where(notLike(listingReviews.orderNo, 'TEST%'));
        expect(rows.length).toBeGreaterThan(0);
        expect(new Set(rows.map((row) => row.username))).toEqual(new Set(DEMO_REVIEWER_USERNAMES));
        expect(DEMO_REVIEWER_USERNAMES).toEqual(DEMO_PLAYERS.map((player) => player.username));
        expect(rows.some((row) => row.reviewerId === row.ownerId)).toBe(false);
        for (const row of rows) {
          expect({ by: row.orderUserId, of: row.orderListingId, status: row.status, paid: row.paidAt !== null }).toEqual({ by: row.reviewerId, of: row.listingId, status: ORDER_STATUS.finished, paid: true });
          expect(row.endsAt!.getTime()).toBeLessThanOrEqual(row.createdAt.getTime());
        }
      });

      it('are the same for the same catalogue: derived from the listing ids, not drawn at random', async () => {
        const reviewable = await db
          .select({ id: listings.id, ownerUserId: shops.ownerUserId, createdAt: listings.createdAt })
          .from(listings)
          .innerJoin(shops, eq(shops.id, listings.shopId));
        const reviewers = await db.select({ id: users.id, username: users.username }).from(users);
        const first = planDemoReviews(reviewable, reviewers, NOW);
        expect(planDemoReviews([...reviewable].reverse(), [...reviewers].reverse(), NOW)).toEqual(first);

        const strip = ({ listingId, userId, rating, content, isAnonymous }: { listingId: number; userId: number; rating: number; content: string; isAnonymous?: boolean | null }) =>
          ({ listingId, userId, rating, content, isAnonymous: Boolean(isAnonymous) });
        // Seeded: the plan's reviews, less the few whose rental would overlap another of that
        // listing or start before the listing existed (history.ts).
        const seeded = (await seededRows()).map(strip);
        expect(first.map(strip)).toEqual(expect.arrayContaining(seeded));
        expect(seeded.length / first.length).toBeGreaterThan(0.9);
      });

      it('seeding again changes nothing: not while a review exists, nor while a demo player has an order', async () => {
        const before = await seededRows();
        expect(await seedDemoHistory(db, NOW)).toEqual({ seeded: false });
        expect(await seededRows()).toEqual(before);
        const fixture = await db.select().from(listingReviews);
        await db.delete(listingReviews);
        expect(await seedDemoHistory(db, NOW)).toEqual({ seeded: false });
        expect(await db.select().from(listingReviews)).toEqual([]);
        // Put the reviews back for any test that runs after.
        await db.insert(listingReviews).values(fixture.map(({ id: _id, ...row }) => row));
      });
    });
  });
});
