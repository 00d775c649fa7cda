/**
 * The reviews feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// Reviews
// spec §7 detail "comments": a listing's reviews, newest first, paged.
/** Reviews per page by default and at most. */
export const REVIEWS_PAGE_SIZE_DEFAULT = 10;
export const REVIEWS_PAGE_SIZE_MAX = 50;

// Reviews written by renters (/account/assess, /account/assessInfo; docs/decisions.md "Reviews
// written by renters"). One review per finished rental order.
/** Stars of a review: whole numbers only (listing_reviews_rating_check). */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Review text after trimming, in characters as a person counts them (listing_reviews.content is varchar(500)). */
export const REVIEW_CONTENT_MIN_CHARS = 1;
export const REVIEW_CONTENT_MAX_CHARS = 500;
/** 待评价 and 已评价 lists: page size by default and at most. */
export const MY_REVIEWS_PAGE_SIZE_DEFAULT = 10;
export const MY_REVIEWS_PAGE_SIZE_MAX = 50;
