/**
 * The detail page's look counter and "who is looking" (spec §7 detail group "look counter",
 * "GET looking-user list"). Both come from the page views the collector already stores, so no
 * write happens on the hot path and every process sees the same numbers.
 */
import { and, count, countDistinct, desc, eq, gte, isNotNull, max } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { listings, pageViews } from '~/platform/db/schema';
import type { LookStats, LookingViewer } from '~/features/catalog/contract/catalog';
import { accountDeleted } from '~/features/catalog/server/catalog';

/** A visitor counts as looking now when their last view of the page is this recent. */
export const LOOKING_WINDOW_MS = 10 * 60_000;
/** At most this many current viewers are listed. */
export const LOOKING_LIST_MAX = 8;

export type { LookingViewer, LookStats };

export function detailPath(listingId: number): string {
  return `/detail/${listingId}.html`;
}

export async function getLookStats(db: Db, listingId: number, now: Date): Promise<LookStats> {
  const [listing] = await db.select({ id: listings.id }).from(listings).where(eq(listings.id, listingId));
  if (!listing) throw accountDeleted();
  const path = detailPath(listingId);
  const since = new Date(now.getTime() - LOOKING_WINDOW_MS);
  const ofThisPage = and(eq(pageViews.path, path), eq(pageViews.kind, 'pageview'));
  const recent = and(ofThisPage, gte(pageViews.createdAt, since), isNotNull(pageViews.sessionId));

  const [[total], [current], viewers] = await Promise.all([
    db.select({ n: count() }).from(pageViews).where(ofThisPage),
    db.select({ n: countDistinct(pageViews.sessionId) }).from(pageViews).where(recent),
    db
      .select({ sessionId: pageViews.sessionId, lastSeen: max(pageViews.createdAt) })
      .from(pageViews)
      .where(recent)
      .groupBy(pageViews.sessionId)
      .orderBy(desc(max(pageViews.createdAt)))
      .limit(LOOKING_LIST_MAX),
  ]);
  return {
    look_count: total?.n ?? 0,
    looking_count: current?.n ?? 0,
    list: viewers.map((viewer) => ({
      name: `游客${(viewer.sessionId ?? '').slice(-4)}`,
      viewed_at: new Date(viewer.lastSeen ?? now).toISOString(),
    })),
  };
}
