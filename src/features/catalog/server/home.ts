/**
 * The home page ("Home"; spec §7 call group home: ad list, home, announcements list and
 * detail, hot tags, hot cards): banner ads, hot games, hot cards, the latest announcements, hot
 * search tags and a section of recommended listings for each of the first hot games.
 * Search history and templates need a signed-in user and belong to the account features.
 */
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Page } from '~/features/catalog/types';
import type { Db } from '~/platform/db/client';
import { announcements, banners, hotTags } from '~/platform/db/schema';
import { MSG_ANNOUNCEMENT_NOT_FOUND } from '~/features/content/contract/content';
import { notFound } from '~/platform/http/errors';
import { isRowId, listHotGames, listTopCards, normalizePage } from '~/features/catalog/server/catalog';
import { reshapeAnnouncement, reshapeAnnouncementSummary, reshapeBanner, reshapeHotTag } from '~/features/catalog/server/catalog.reshape';
import type { Announcement, AnnouncementSummary, Banner, HomeData, HomeSection, HotTag, PageRequest } from '~/features/catalog/server/catalog.types';

export const HOME_HOT_CARDS = 8;
export const HOME_ANNOUNCEMENTS = 5;
export const HOME_SECTIONS = 3;
export const HOME_SECTION_CARDS = 8;
export const ANNOUNCEMENTS_PAGE_SIZE = 10;
export { MSG_ANNOUNCEMENT_NOT_FOUND };

/**
 * Enough of the Markdown for a list's summary: reshapeAnnouncementSummary reads it as plain text
 * and cuts that to 60 characters; link targets and marks take room in the Markdown, hence more.
 */
const SUMMARY_SOURCE_CHARS = 400;

/** Shown to readers: not withdrawn, and its time has come (a future published_at schedules it). */
const isPublished = and(eq(announcements.isPublished, true), lte(announcements.publishedAt, sql`now()`))!;
/** Pinned first, then the newest. */
const ANNOUNCEMENT_ORDER = [desc(announcements.isPinned), desc(announcements.publishedAt), desc(announcements.id)];

const announcementSummarySelection = {
  id: announcements.id,
  title: announcements.title,
  content: sql<string>`left(${announcements.content}, ${SUMMARY_SOURCE_CHARS})`,
  isPinned: announcements.isPinned,
  publishedAt: announcements.publishedAt,
};

/** Active banner ads in their order (spec §7 home "ad list"). */
export async function listBanners(db: Db): Promise<Banner[]> {
  const rows = await db
    .select({ id: banners.id, title: banners.title, image: banners.image, href: banners.href })
    .from(banners)
    .where(sql`${banners.isActive}`)
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(reshapeBanner);
}

/** Hot search tags in their order (spec §7 home "hot tags"). */
export async function listHotTags(db: Db): Promise<HotTag[]> {
  const rows = await db
    .select({ id: hotTags.id, name: hotTags.name, keyword: hotTags.keyword, href: hotTags.href })
    .from(hotTags)
    .orderBy(asc(hotTags.sort), asc(hotTags.id));
  return rows.map(reshapeHotTag);
}

async function latestAnnouncements(db: Db, limit: number, offset = 0): Promise<AnnouncementSummary[]> {
  const rows = await db
    .select(announcementSummarySelection)
    .from(announcements)
    .where(isPublished)
    .orderBy(...ANNOUNCEMENT_ORDER)
    .limit(limit)
    .offset(offset);
  return rows.map(reshapeAnnouncementSummary);
}

/** Published announcements, pinned first, then newest (spec §7 home "announcements list"). */
export async function listAnnouncements(db: Db, paging: PageRequest | number = {}): Promise<Page<AnnouncementSummary>> {
  const { page, page_size } = normalizePage(paging, ANNOUNCEMENTS_PAGE_SIZE);
  const [list, [totalRow]] = await Promise.all([
    latestAnnouncements(db, page_size, (page - 1) * page_size),
    db.select({ n: count() }).from(announcements).where(isPublished),
  ]);
  return { list, total: Number(totalRow?.n ?? 0), page, page_size };
}

/** One published announcement with its content; 404 公告不存在. */
export async function getAnnouncement(db: Db, id: number): Promise<Announcement> {
  if (!isRowId(id)) throw notFound(MSG_ANNOUNCEMENT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), isPublished))
    .limit(1);
  if (!row) throw notFound(MSG_ANNOUNCEMENT_NOT_FOUND);
  return reshapeAnnouncement(row);
}

/**
 * Everything the home page shows. The parts are independent reads run side by side; the
 * sections are the first HOME_SECTIONS hot games with their top HOME_SECTION_CARDS listings.
 * 热租账号 and the sections lead with what can be rented at `now` (listTopCards).
 */
export async function getHomeData(db: Db, now: Date): Promise<HomeData> {
  const [bannerList, hotGames, hotCards, announcementList, hotTagList] = await Promise.all([
    listBanners(db),
    listHotGames(db),
    listTopCards(db, { limit: HOME_HOT_CARDS }, now),
    latestAnnouncements(db, HOME_ANNOUNCEMENTS),
    listHotTags(db),
  ]);
  const sections: HomeSection[] = await Promise.all(
    hotGames.slice(0, HOME_SECTIONS).map(async (game) => ({
      title: `${game.name} 热租推荐`,
      game,
      listings: await listTopCards(db, { gameId: game.id, limit: HOME_SECTION_CARDS }, now),
    })),
  );
  return { banners: bannerList, hotGames, hotCards, announcements: announcementList, hotTags: hotTagList, sections };
}
