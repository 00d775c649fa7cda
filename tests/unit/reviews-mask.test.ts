/** How a review's author and date are shown (spec §7 detail "comments"; rules/reviews.ts). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ListingReviews from '~/features/reviews/ui/ListingReviews';
import { ANONYMOUS_NICKNAME, formatReviewDate, maskNickname, reviewerName, roundAverageRating } from '~/features/reviews/rules/reviews';

describe('maskNickname', () => {
  it.each([
    ['租号玩家01', '租***01'],
    ['星耀租号', '星***租号'],
    ['playerOne', 'p***ne'],
    ['清风号', '清***号'],
    ['小明', '小*'],
    ['A', 'A*'],
    ['  租号玩家02  ', '租***02'],
    ['🐉龙哥🐯🐯', '🐉***🐯🐯'],
    ['', ANONYMOUS_NICKNAME],
    ['   ', ANONYMOUS_NICKNAME],
  ])('%j is shown as %j', (nickname, shown) => {
    expect(maskNickname(nickname)).toBe(shown);
  });

  it('a name of three or more characters always hides at least one', () => {
    for (const name of ['abc', 'abcd', '租号玩家01']) expect(maskNickname(name).replace('***', '')).not.toBe(name);
  });
});

describe('reviewerName', () => {
  it('an anonymous review shows 匿名用户 whatever the nickname', () => {
    expect(reviewerName('租号玩家01', true)).toBe('匿名用户');
  });
  it('any other review shows the masked nickname', () => {
    expect(reviewerName('租号玩家01', false)).toBe('租***01');
  });
});

describe('roundAverageRating', () => {
  it.each([
    [4.75, 4.8],
    [4.8333, 4.8],
    [5, 5],
    [3, 3],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('%s → %s', (average, rounded) => {
    expect(roundAverageRating(average)).toBe(rounded);
  });
});

describe('formatReviewDate', () => {
  it('is the Shanghai calendar day: 16:30 UTC is already the next day in Shanghai', () => {
    expect(formatReviewDate(new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
  });
  it('pads month and day', () => {
    expect(formatReviewDate(new Date('2026-01-05T03:00:00+08:00'))).toBe('2026-01-05');
  });
});

// The detail page is cached for everyone: the island's server markup holds no review, only the
// heading the section is labelled by and a placeholder.
describe('ListingReviews server markup', () => {
  it('is the heading and a placeholder, the same for every visitor', () => {
    const markup = renderToStaticMarkup(createElement(ListingReviews, { listingId: 7, headingId: 'reviews-heading' }));
    expect(markup).toContain('<h2 id="reviews-heading"');
    expect(markup).toContain('用户评价');
    expect(markup).not.toContain('暂无评价');
    expect(markup).not.toContain('<li');
    expect(markup).not.toContain('<button');
    expect(renderToStaticMarkup(createElement(ListingReviews, { listingId: 7, headingId: 'reviews-heading' }))).toBe(markup);
  });
});
