/**
 * Demo reviews (spec §7 detail "comments") for the embedded start: about a third of the listings
 * get 1-6 reviews from the demo players (players.ts). This file plans them; history.ts puts a
 * finished rental of the author behind each one and inserts both.
 *
 * Stable: every choice is a hash of the listing id, so the same catalogue always gets the same
 * reviews; only created_at moves with the clock (within the last 60 days), like the catalogue's.
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { listingReviews } from '~/platform/db/schema';
import { DEMO_PLAYERS } from '~/app/seed/players';

export type NewListingReviewRow = typeof listingReviews.$inferInsert;

/** Who writes demo reviews: the demo players, who rented what they review. */
export const DEMO_REVIEWER_USERNAMES = DEMO_PLAYERS.map((player) => player.username);

/** A review is at least this much younger than its listing: room for the rental before it (history.ts). */
const REVIEW_LEAD_MS = 12 * MS_PER_HOUR;
const DAY_MS = 86_400_000;
/** Reviews are dated within this many days before now. */
export const DEMO_REVIEW_SPREAD_DAYS = 60;
/** Each listing gets reviews with this probability, 1 to DEMO_REVIEWS_MAX of them. */
const REVIEWED_SHARE = 1 / 3;
const DEMO_REVIEWS_MAX = 6;
const ANONYMOUS_SHARE = 0.2;

/** What renters write after a good rental (4-5 stars). */
const GOOD_TEXTS = [
  '上号很快，皮肤和描述一致',
  '客服响应及时，有问题几分钟就解决了',
  '账号段位没问题，下次还租',
  '号主人很好，提前联系还送了一小时',
  '皮肤齐全，玩得很爽，性价比高',
  '登录顺利，没有遇到异地验证',
  '和图片上一模一样，没有虚标',
  '租了一晚上，全程稳定没掉线',
  '价格实惠，比别家便宜不少',
  '第二次租这个号了，一如既往的好',
  '上号器很方便，扫码就进去了',
  '英雄和皮肤都很多，带朋友上分很舒服',
  '哈夫币和描述一致，打完还剩不少',
  '账号干净，没有乱七八糟的好友消息',
  '续租很方便，时间也算得很准',
  '号很好，已经推荐给室友了',
] as const;

/** What renters write when something was a little off (3 stars). */
const FAIR_TEXTS = [
  '总体还行，就是上号等了十来分钟',
  '皮肤比描述少了一两个，不过能接受',
  '晚上高峰期客服回复有点慢',
  '段位对得上，但是战绩一般般',
  '中途掉线一次，重新上号后正常',
  '能玩，价格稍微有点贵',
] as const;

/** A listing as the plan needs it. */
export interface ReviewableListing {
  id: number;
  ownerUserId: number;
  createdAt: Date;
}

/** A demo reviewer: position in DEMO_REVIEWER_USERNAMES decides who is picked, not the row id. */
export interface DemoReviewer {
  id: number;
  username: string;
}

/** A number in [0, 1) from a listing id and a salt: murmur3's finaliser over both. */
export function unit(listingId: number, salt: number): number {
  let h = Math.imul(listingId, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

function pick<T>(items: readonly T[], roll: number): T {
  return items[Math.min(items.length - 1, Math.floor(roll * items.length))]!;
}

/**
 * The demo reviews of these listings, as rows to insert: no I/O, and the same listings, reviewers
 * and now always give the same rows. A shop owner never reviews a listing of their own shop; a
 * review is never older than its listing.
 */
export function planDemoReviews(
  listingsToReview: readonly ReviewableListing[],
  reviewers: readonly DemoReviewer[],
  now: Date,
): NewListingReviewRow[] {
  const ordered = DEMO_REVIEWER_USERNAMES.map((name) => reviewers.find((reviewer) => reviewer.username === name)).filter(
    (reviewer): reviewer is DemoReviewer => reviewer !== undefined,
  );
  const rows: NewListingReviewRow[] = [];
  for (const listing of [...listingsToReview].sort((a, b) => a.id - b.id)) {
    if (unit(listing.id, 0) >= REVIEWED_SHARE) continue;
    const eligible = ordered.filter((reviewer) => reviewer.id !== listing.ownerUserId);
    if (eligible.length === 0) continue;
    const howMany = 1 + Math.floor(unit(listing.id, 1) * DEMO_REVIEWS_MAX);
    const oldest = Math.min(now.getTime(), listing.createdAt.getTime() + REVIEW_LEAD_MS);
    for (let k = 0; k < howMany; k++) {
      const salt = 10 + k * 8;
      const ratingRoll = unit(listing.id, salt + 1);
      const rating = ratingRoll < 0.6 ? 5 : ratingRoll < 0.88 ? 4 : 3;
      // Spread over the listing's life (within the last DEMO_REVIEW_SPREAD_DAYS), so the rentals
      // behind the reviews of a young listing do not pile up on one instant.
      const ageMs = Math.floor(unit(listing.id, salt + 4) * Math.min(DEMO_REVIEW_SPREAD_DAYS * DAY_MS, now.getTime() - oldest));
      rows.push({
        listingId: listing.id,
        userId: pick(eligible, unit(listing.id, salt)).id,
        orderNo: null,
        rating,
        content: pick(rating >= 4 ? GOOD_TEXTS : FAIR_TEXTS, unit(listing.id, salt + 2)),
        isAnonymous: unit(listing.id, salt + 3) < ANONYMOUS_SHARE,
        createdAt: new Date(now.getTime() - ageMs),
      });
    }
  }
  return rows;
}
