import { describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '~/platform/config/constants';
import { REVIEW_CONTENT_MAX_CHARS } from '~/features/reviews/constants';
import { MSG_REVIEW_CANCELLED, MSG_REVIEW_CONTENT_EMPTY, MSG_REVIEW_CONTENT_TOO_LONG, MSG_REVIEW_CONTENT_UNREADABLE, MSG_REVIEW_NOT_FINISHED, MSG_REVIEW_ONLY_RENTALS, REVIEW_RATING_LABELS, REVIEW_RATINGS, isReviewRating, reviewContentError, reviewLength, reviewRefusal } from '~/features/reviews/rules/review-writing';

describe('which orders a renter may review', () => {
  it.each([
    ['a finished rental', 'rental', ORDER_STATUS.finished, null],
    ['an unpaid rental', 'rental', ORDER_STATUS.unpaid, MSG_REVIEW_NOT_FINISHED],
    ['a rental at the gateway', 'rental', ORDER_STATUS.paying, MSG_REVIEW_NOT_FINISHED],
    ['a rental that runs (or has not started)', 'rental', ORDER_STATUS.paid, MSG_REVIEW_NOT_FINISHED],
    ['a cancelled rental', 'rental', ORDER_STATUS.cancelled, MSG_REVIEW_CANCELLED],
    ['a finished VIP order', 'vip', ORDER_STATUS.finished, MSG_REVIEW_ONLY_RENTALS],
    ['a paid recharge', 'recharge', ORDER_STATUS.paid, MSG_REVIEW_ONLY_RENTALS],
  ] as const)('%s → %s', (_name, kind, status, refusal) => {
    expect(reviewRefusal({ kind, status })).toBe(refusal);
  });
});

describe('the rating is whole stars from 1 to 5', () => {
  it.each([1, 2, 3, 4, 5])('%d stars is a rating', (rating) => {
    expect(isReviewRating(rating)).toBe(true);
  });
  it.each([0, 6, -1, 4.5, Number.NaN, Number.POSITIVE_INFINITY, '5', null, undefined, true])('%s is not', (rating) => {
    expect(isReviewRating(rating)).toBe(false);
  });
  it('every star has a label, lowest first', () => {
    expect(REVIEW_RATINGS).toEqual([1, 2, 3, 4, 5]);
    expect(REVIEW_RATINGS.map((rating) => REVIEW_RATING_LABELS[rating])).toEqual(['非常差', '差', '一般', '满意', '非常满意']);
  });
});

describe('the text is 1-500 characters after trimming, counted as a person counts them', () => {
  it.each([
    ['', MSG_REVIEW_CONTENT_EMPTY],
    ['   \n\t', MSG_REVIEW_CONTENT_EMPTY],
    ['好', null],
    ['  上号很快  ', null],
    ['好'.repeat(REVIEW_CONTENT_MAX_CHARS), null],
    [`  ${'好'.repeat(REVIEW_CONTENT_MAX_CHARS)}  `, null],
    ['好'.repeat(REVIEW_CONTENT_MAX_CHARS + 1), MSG_REVIEW_CONTENT_TOO_LONG],
    // An emoji is one character (two UTF-16 units): 500 of them fit, 501 do not.
    ['👍'.repeat(REVIEW_CONTENT_MAX_CHARS), null],
    ['👍'.repeat(REVIEW_CONTENT_MAX_CHARS + 1), MSG_REVIEW_CONTENT_TOO_LONG],
    ['第一行\n第二行', null],
    ['含\u0000字符', MSG_REVIEW_CONTENT_UNREADABLE],
    ['半个\ud83d', MSG_REVIEW_CONTENT_UNREADABLE],
    ['\ude00半个', MSG_REVIEW_CONTENT_UNREADABLE],
  ])('%j → %s', (text, error) => {
    expect(reviewContentError(text)).toBe(error);
  });

  it('counts the trimmed text in code points', () => {
    expect(reviewLength('  ab  ')).toBe(2);
    expect(reviewLength('👍👍')).toBe(2);
    expect(reviewLength('')).toBe(0);
  });
});
