/**
 * Writing a review of a rental (spec §2 account "assess", §7 account "comments"; docs/decisions.md
 * "Reviews written by renters"): which orders may be reviewed, what a rating and a text must be.
 * Pure: the server decides with these functions and the write form shows the same answers early.
 */
import { ORDER_STATUS } from '~/platform/config/constants';
import { REVIEW_CONTENT_MAX_CHARS, REVIEW_CONTENT_MIN_CHARS, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from '~/features/reviews/constants';
import type { OrderKindName } from '~/features/orders/rules/order-status';

export const MSG_REVIEW_EXISTS = '该订单已评价';
export const MSG_REVIEW_NOT_FOUND = '评价不存在';
export const MSG_REVIEW_RATING = `请选择${REVIEW_RATING_MIN}-${REVIEW_RATING_MAX}星评分`;
export const MSG_REVIEW_CONTENT_EMPTY = '请填写评价内容';
export const MSG_REVIEW_CONTENT_TOO_LONG = `评价内容最多${REVIEW_CONTENT_MAX_CHARS}个字`;
export const MSG_REVIEW_CONTENT_UNREADABLE = '评价内容含有无法识别的字符';
export const MSG_REVIEW_ONLY_RENTALS = '只有租号订单可以评价';
export const MSG_REVIEW_CANCELLED = '已取消的订单不能评价';
export const MSG_REVIEW_NOT_FINISHED = '订单完成后才能评价';

/** What each number of stars says beside the stars. */
export const REVIEW_RATING_LABELS: Readonly<Record<number, string>> = {
  1: '非常差',
  2: '差',
  3: '一般',
  4: '满意',
  5: '非常满意',
};

/** The stars a form offers, lowest first. */
export const REVIEW_RATINGS: readonly number[] = Array.from({ length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 }, (_, index) => REVIEW_RATING_MIN + index);

/** Characters of the text as sent: trimmed, counted in code points (an emoji is one, as PostgreSQL counts varchar). */
export function reviewLength(text: string): number {
  return Array.from(text.trim()).length;
}

// A NUL or half a surrogate pair cannot be stored as UTF-8 text (PostgreSQL refuses it).
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why the text cannot be sent, or null. */
export function reviewContentError(text: string): string | null {
  const length = reviewLength(text);
  if (length < REVIEW_CONTENT_MIN_CHARS) return MSG_REVIEW_CONTENT_EMPTY;
  if (length > REVIEW_CONTENT_MAX_CHARS) return MSG_REVIEW_CONTENT_TOO_LONG;
  if (UNSTORABLE.test(text)) return MSG_REVIEW_CONTENT_UNREADABLE;
  return null;
}

/** Whether `rating` is a whole number of stars the scale has. */
export function isReviewRating(rating: unknown): rating is number {
  return typeof rating === 'number' && Number.isInteger(rating) && rating >= REVIEW_RATING_MIN && rating <= REVIEW_RATING_MAX;
}

/**
 * Why this order of the renter's cannot be reviewed, or null when it can (a review already written
 * is the unique index's business, not this rule's). Only a rental is reviewed, and only once it
 * is finished (status 4 已完成, set when the rental ends): before that the renter has not had the
 * whole rental to judge, and a cancelled order was not rented to the end.
 */
export function reviewRefusal(order: { kind: OrderKindName; status: number }): string | null {
  if (order.kind !== 'rental') return MSG_REVIEW_ONLY_RENTALS;
  if (order.status === ORDER_STATUS.finished) return null;
  if (order.status === ORDER_STATUS.cancelled) return MSG_REVIEW_CANCELLED;
  return MSG_REVIEW_NOT_FINISHED;
}
