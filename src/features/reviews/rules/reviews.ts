/**
 * Listing reviews (spec §7 detail "comments"): how a reviewer is named in public, how the average
 * is rounded, how a date is shown. Pure and tiny: the detail page's island imports it.
 */
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';

/** What an anonymous review shows instead of the nickname. */
export const ANONYMOUS_NICKNAME = '匿名用户';

/**
 * A nickname as shown under a review: first character, ***, last two ('租号玩家01' → '租***01').
 * A name of one or two characters keeps its first ('小明' → '小*'); a name of three keeps the first
 * and the last ('清风号' → '清***号'), because "last two" would reveal all of it. Counted in code
 * points, so an emoji is never cut in half. An empty name shows as anonymous.
 */
export function maskNickname(nickname: string): string {
  const chars = Array.from(nickname.trim());
  if (chars.length === 0) return ANONYMOUS_NICKNAME;
  if (chars.length <= 2) return `${chars[0]}*`;
  const tail = chars.length === 3 ? 1 : 2;
  return `${chars[0]}***${chars.slice(-tail).join('')}`;
}

/** The public name of a review's author. */
export function reviewerName(nickname: string, isAnonymous: boolean): string {
  return isAnonymous ? ANONYMOUS_NICKNAME : maskNickname(nickname);
}

/** An average rating to one decimal (4.75 → 4.8); null when there is nothing to average. */
export function roundAverageRating(average: number | null | undefined): number | null {
  if (average === null || average === undefined || !Number.isFinite(average)) return null;
  return Math.round(average * 10) / 10;
}

/** 'YYYY-MM-DD' of an instant in Shanghai time (a review's date). */
export function formatReviewDate(date: Date): string {
  return formatShanghaiDate(date);
}
