/**
 * The home endpoints (issue 3 "Home"; spec §7 home call group: ad list, home, announcements list
 * and detail, hot tags, hot cards) and the seeding of their tables, on PGlite and, when
 * DATABASE_URL_TEST is set, on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard, Page } from '~/features/catalog/types';
import { availabilityRank } from '~/features/catalog/rules/listing-rank';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { announcements, banners, games, hotTags, listings, type GameRow, type ListingRow } from '~/platform/db/schema';
import { seedDemoData } from '~/app/seed/demo';
import { ANNOUNCEMENT_SEEDS, BANNER_SEEDS, HOT_TAG_SEEDS } from '~/app/seed/home';
import type { Announcement, AnnouncementSummary, Banner, HomeData, HotTag } from '~/features/catalog/server/catalog.types';
import { getHomeData, HOME_HOT_CARDS } from '~/features/catalog/server/home';
import { GET as getHome, ALL as homeOther } from '~/pages/api/v1/home/index';
import { GET as getAnnouncements } from '~/pages/api/v1/home/announcements';
import { GET as getAnnouncement } from '~/pages/api/v1/home/announcement';
import { GET as getHotTags } from '~/pages/api/v1/home/hotTags';
import { GET as getBanners } from '~/pages/api/v1/home/banners';
import { TEST_DRIVERS } from './drivers';
import { callRoute } from './endpoint-call';
import { suiteContext } from './route-context';
import { rankOfRow } from './bookable-listings';


const DRIVERS = TEST_DRIVERS;

async function tableCount(db: Db, table: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(result.rows[0]!.n);
}

/** 热租 order (issue 12): what can be rented now first, then top shelf, then popularity. */
const popularOrder = (a: ListingCard, b: ListingCard): number =>
  availabilityRank(a) - availabilityRank(b) || Number(b.top_shelf) - Number(a.top_shelf) || b.popularity - a.popularity || b.id - a.id;

/** An instant given as Shanghai wall-clock time on a fixed day ('03:30'). */
const shanghaiAt = (clock: string): Date => new Date(`2026-03-10T${clock}:00+08:00`);

/** The 热租 order of listed rows at `now`, by the rules alone (spec §4 availability, bookable now). */
function hotOrderOfRows(rows: readonly ListingRow[], gameRows: readonly GameRow[], now: Date): ListingRow[] {
  const gameById = new Map(gameRows.map((game) => [game.id, game]));
  const rank = (row: ListingRow): number => rankOfRow(row, gameById.get(row.gameId)!, now);
  return rows
    .filter((row) => row.isListed)
    .map((row) => ({ row, rank: rank(row) }))
    .sort((a, b) => a.rank - b.rank || Number(b.row.topShelf) - Number(a.row.topShelf) || b.row.popularity - a.row.popularity || b.row.id - a.row.id)
    .map((entry) => entry.row);
}
const isSorted = <T,>(items: readonly T[], compare: (a: T, b: T) => number): boolean =>
  items.every((item, index) => index === 0 || compare(items[index - 1]!, item) <= 0);
/** Pinned first, then newest. */
const announcementOrder = (a: AnnouncementSummary, b: AnnouncementSummary): number =>
  Number(b.is_pinned) - Number(a.is_pinned) || Date.parse(b.published_at) - Date.parse(a.published_at) || b.id - a.id;

describe.each(DRIVERS)('home API on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('seeded', () => {
    let database: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      database = await openTestDatabase({ driver, seed: true });
      db = database.db;
      suiteContext.db = db;
    });

    afterAll(async () => {
      suiteContext.db = null;
      await database?.close();
    });

    it('answers everything the home page shows in one call', async () => {
      const { status, body } = await callRoute<HomeData>(getHome, '/api/v1/home');
      expect(status).toBe(200);
      const home = body.data;

      expect(home.banners).toHaveLength(BANNER_SEEDS.length);
      const hotGameRows = (await db.select().from(games)).filter((game) => game.isHot);
      expect(home.hotGames.map((game) => game.id).sort((a, b) => a - b)).toEqual(hotGameRows.map((game) => game.id).sort((a, b) => a - b));

      expect(home.hotCards).toHaveLength(8);
      // Which cards lead depends on the clock (rental_time); the exact ids are checked at fixed instants below.
      expect(isSorted(home.hotCards, popularOrder)).toBe(true);

      expect(home.announcements).toHaveLength(5);
      expect(isSorted(home.announcements, announcementOrder)).toBe(true);
      expect(home.announcements[0]!.is_pinned).toBe(true);

      expect(home.hotTags.map((tag) => tag.name)).toEqual(HOT_TAG_SEEDS.map((tag) => tag.name));

      expect(home.sections).toHaveLength(3);
      expect(home.sections.map((section) => section.game.id)).toEqual(home.hotGames.slice(0, 3).map((game) => game.id));
      for (const section of home.sections) {
        expect(section.title).toContain(section.game.name);
        expect(section.listings).toHaveLength(8);
        expect(isSorted(section.listings, popularOrder)).toBe(true);
        for (const card of section.listings) expect(card.game_id).toBe(section.game.id);
      }
    });

    it('热租账号 and the game sections put what can be rented now first, then top shelf and popularity (issue 12)', async () => {
      const gameRows = await db.select().from(games);
      const before = await db.select().from(listings);
      // The listing that led 热租账号 before issue 12 (top shelf, most popular) is rented out, not reservable: 不可租.
      const leader = hotOrderOfRows(before, gameRows, shanghaiAt('14:00')).find((row) => row.topShelf && !row.isRented)!;
      const mostPopular = [...before].filter((row) => row.isListed).sort((a, b) => Number(b.topShelf) - Number(a.topShelf) || b.popularity - a.popularity || b.id - a.id)[0]!;
      await db.update(listings).set({ popularity: mostPopular.popularity + 1, isRented: true, isReservation: false }).where(eq(listings.id, leader.id));
      try {
        const rows = await db.select().from(listings);
        for (const clock of ['03:30', '14:00', '23:45']) {
          const now = shanghaiAt(clock);
          const home = await getHomeData(db, now);
          const expected = hotOrderOfRows(rows, gameRows, now);
          expect(home.hotCards.map((card) => card.id), `${clock} Shanghai`).toEqual(expected.slice(0, HOME_HOT_CARDS).map((row) => row.id));
          expect(home.hotCards.map((card) => card.id)).not.toContain(leader.id);
          for (const card of home.hotCards) expect(availabilityRank(card)).toBe(0);
          for (const section of home.sections) {
            const inGame = expected.filter((row) => row.gameId === section.game.id);
            expect(section.listings.map((card) => card.id), `${section.title} at ${clock}`).toEqual(inGame.slice(0, section.listings.length).map((row) => row.id));
            expect(isSorted(section.listings, popularOrder)).toBe(true);
          }
        }
      } finally {
        await db.update(listings).set({ popularity: leader.popularity, isRented: leader.isRented, isReservation: leader.isReservation }).where(eq(listings.id, leader.id));
      }
    });

    it('lists the active banners in order, each image a local SVG that exists', async () => {
      const { body } = await callRoute<Banner[]>(getBanners, '/api/v1/home/banners');
      expect(body.data.map((banner) => banner.title)).toEqual(BANNER_SEEDS.map((banner) => banner.title));
      for (const banner of body.data) {
        expect(banner.image).toMatch(/^\/banners\/[a-z-]+\.svg$/);
        const file = path.resolve('public', `.${banner.image}`);
        expect(fs.existsSync(file)).toBe(true);
        expect(fs.readFileSync(file, 'utf8')).toContain('<svg');
        expect(banner.href.startsWith('/')).toBe(true);
      }
      const sjz = (await db.select().from(games)).find((game) => game.slug === 'sjz')!;
      expect(body.data[0]).toMatchObject({ title: '三角洲行动哈夫币号上线', href: `/zuhao/${sjz.id}.html` });

      // an inactive banner is not shown
      await db.update(banners).set({ isActive: false }).where(sql`${banners.id} = ${body.data[1]!.id}`);
      try {
        const after = await callRoute<Banner[]>(getBanners, '/api/v1/home/banners');
        expect(after.body.data.map((banner) => banner.id)).not.toContain(body.data[1]!.id);
      } finally {
        await db.update(banners).set({ isActive: true });
      }
    });

    it('gives every hot tag a link: its own, or the hall searching its keyword', async () => {
      const { body } = await callRoute<HotTag[]>(getHotTags, '/api/v1/home/hotTags');
      const noDeposit = body.data.find((tag) => tag.name === '无押金')!;
      expect(noDeposit.href).toBe('/zuhao.html?no_deposit=1');
      const hafu = body.data.find((tag) => tag.name === '哈夫币')!;
      expect(hafu.href).toBe(`/zuhao.html?keyword=${encodeURIComponent('哈夫币')}`);
    });

    it('pages the announcements, pinned first then newest, with a short summary; scheduled ones stay hidden', async () => {
      const future = await db
        .insert(announcements)
        .values({ title: '明日活动预告', content: '尚未发布', publishedAt: new Date(Date.now() + 86_400_000) })
        .returning({ id: announcements.id });
      try {
        const first = await callRoute<Page<AnnouncementSummary>>(getAnnouncements, '/api/v1/home/announcements?page=1&page_size=4');
        expect(first.status).toBe(200);
        expect(first.body.data).toMatchObject({ total: ANNOUNCEMENT_SEEDS.length, page: 1, page_size: 4 });
        const second = await callRoute<Page<AnnouncementSummary>>(getAnnouncements, '/api/v1/home/announcements?page=2&page_size=4');
        const all = [...first.body.data.list, ...second.body.data.list];
        expect(all).toHaveLength(ANNOUNCEMENT_SEEDS.length);
        expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
        expect(isSorted(all, announcementOrder)).toBe(true);
        expect(all.map((item) => item.id)).not.toContain(future[0]!.id);
        for (const item of all) expect(Array.from(item.summary).length).toBeLessThanOrEqual(61);

        const hidden = await callRoute(getAnnouncement, `/api/v1/home/announcement?id=${future[0]!.id}`);
        expect(hidden.status).toBe(404);
      } finally {
        await db.delete(announcements).where(sql`${announcements.id} = ${future[0]!.id}`);
      }
    });

    it('answers an announcement with its content; 404 公告不存在 for an unknown id; 400 for a bad one', async () => {
      const list = await callRoute<Page<AnnouncementSummary>>(getAnnouncements, '/api/v1/home/announcements');
      const item = list.body.data.list.find((entry) => entry.title.includes('防诈骗'))!;
      const { status, body } = await callRoute<Announcement>(getAnnouncement, `/api/v1/home/announcement?id=${item.id}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ id: item.id, title: item.title, is_pinned: true, published_at: item.published_at });
      expect(body.data.content).toContain('平台客服不会向您索要密码');

      const missing = await callRoute(getAnnouncement, '/api/v1/home/announcement?id=99999');
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 1, msg: '公告不存在' });

      for (const search of ['', '?id=abc', '?id=0']) {
        const bad = await callRoute(getAnnouncement, `/api/v1/home/announcement${search}`);
        expect(bad.status).toBe(400);
        expect(bad.body.msg).toContain('id');
      }
      const badPage = await callRoute(getAnnouncements, '/api/v1/home/announcements?page=0');
      expect(badPage.status).toBe(400);
      expect(badPage.body.msg).toContain('page');
    });

    it('refuses other methods with 405', async () => {
      const { status } = await callRoute(homeOther, '/api/v1/home', { method: 'DELETE' });
      expect(status).toBe(405);
    });
  });

  describe.skipIf(skip)('seeding the home tables', () => {
    let database: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      database = await openTestDatabase({ driver, seed: true });
      db = database.db;
    });

    afterAll(async () => {
      await database?.close();
    });

    it('fills the home tables of a database whose catalogue was seeded before they existed, each group when empty', async () => {
      const catalogue = { games: await tableCount(db, 'games'), listings: await tableCount(db, 'listings'), users: await tableCount(db, 'users') };
      // An install seeded before this migration: catalogue present, home tables empty.
      await db.delete(banners);
      await db.delete(announcements);
      await db.delete(hotTags);

      expect(await seedDemoData(db)).toEqual({ seeded: true });
      expect(await tableCount(db, 'banners')).toBe(BANNER_SEEDS.length);
      expect(await tableCount(db, 'announcements')).toBe(ANNOUNCEMENT_SEEDS.length);
      expect(await tableCount(db, 'hot_tags')).toBe(HOT_TAG_SEEDS.length);
      expect({ games: await tableCount(db, 'games'), listings: await tableCount(db, 'listings'), users: await tableCount(db, 'users') }).toEqual(catalogue);

      // One group emptied by an operator is refilled alone; the others are left as they are.
      await db.delete(hotTags);
      await db.update(banners).set({ title: '运营改过的标题' });
      expect(await seedDemoData(db)).toEqual({ seeded: true });
      expect(await tableCount(db, 'hot_tags')).toBe(HOT_TAG_SEEDS.length);
      expect((await db.select().from(banners)).every((banner) => banner.title === '运营改过的标题')).toBe(true);

      expect(await seedDemoData(db)).toEqual({ seeded: false });
    });
  });
});
