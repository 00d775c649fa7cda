/**
 * The platform's side of a listing: what the review queue shows of a change, and the
 * platform hold behind 下架 by an operator. Pure: the console, the seller's pages and the services
 * decide with these functions (docs/decisions.md "Sellers and listings in the console").
 *
 * The hold is apart from the seller's own state (on_shelf / off_shelf / maintenance): a held
 * listing is never listed whatever the seller chooses, the seller cannot put it back on the shelf,
 * and only an operator's restore lifts it, after which the seller's own choice applies again.
 */
import type { ListingReviewStatus, ListingSellerState } from '~/platform/config/constants';

/** Longest reason an operator gives (a review rejection, a take-down): the seller reads it whole. */
export const PLATFORM_REASON_MAX_CHARS = 200;

// ---------------------------------------------------------------------------------------------
// review

/**
 * The approved hourly price a pending change would replace, after a seller's save that leaves the
 * listing in `next` review status: an approved listing going back to review remembers its price;
 * one already waiting keeps what it remembered; anything not pending remembers nothing.
 */
export function reviewFromAfterSave(
  previous: { reviewStatus: ListingReviewStatus; rentalFen: number; reviewFromRentalFen: number | null } | null,
  next: ListingReviewStatus,
): number | null {
  if (next !== 'pending' || previous === null) return null;
  if (previous.reviewStatus === 'approved') return previous.rentalFen;
  return previous.reviewFromRentalFen;
}

/** What the review queue shows of a pending listing: a new one, or a price change from the approved price. */
export type ReviewChange =
  | { kind: 'new' }
  | {
      kind: 'price';
      fromFen: number;
      toFen: number;
      /** Signed change in percent of the old price, one decimal; null when the old price was 0. */
      changePercent: number | null;
    };

export function reviewChange(reviewFromRentalFen: number | null, rentalFen: number): ReviewChange {
  if (reviewFromRentalFen === null) return { kind: 'new' };
  const changePercent = reviewFromRentalFen === 0 ? null : Math.round(((rentalFen - reviewFromRentalFen) * 1000) / reviewFromRentalFen) / 10;
  return { kind: 'price', fromFen: reviewFromRentalFen, toFen: rentalFen, changePercent };
}

export const REVIEW_CHANGE_LABEL: Readonly<Record<ReviewChange['kind'], string>> = {
  new: '新发布',
  price: '改价',
};

// ---------------------------------------------------------------------------------------------
// the platform hold

export const MSG_ALREADY_HELD = '该账号已被平台下架';
export const MSG_NOT_HELD = '该账号未被平台下架';
export const MSG_HOLD_DELETED = '该账号已被卖家删除';

export type Step = { ok: true } | { ok: false; error: string };

/** An operator takes a listing down: any listing the seller has not deleted and that is not already held. */
export function canTakeDown(listing: { sellerState: ListingSellerState; held: boolean }): Step {
  if (listing.sellerState === 'deleted') return { ok: false, error: MSG_HOLD_DELETED };
  if (listing.held) return { ok: false, error: MSG_ALREADY_HELD };
  return { ok: true };
}

/** An operator restores a held listing (a deleted one too: restoring it only clears the note). */
export function canRestore(listing: { held: boolean }): Step {
  return listing.held ? { ok: true } : { ok: false, error: MSG_NOT_HELD };
}

/** What the seller is told when trying to put a held listing back on the shelf. */
export function heldRelistMessage(reason: string): string {
  return `该账号已被平台下架（原因：${reason}），请联系客服恢复后再上架`;
}

/**
 * Whether the seller may move a held listing to `to`: off the shelf or into maintenance, yes
 * (nothing shows either way); back on the shelf, no, that is the operator's restore.
 */
export function sellerMoveWhileHeld(to: Exclude<ListingSellerState, 'deleted'>, hold: { reason: string } | null): Step {
  if (hold && to === 'on_shelf') return { ok: false, error: heldRelistMessage(hold.reason) };
  return { ok: true };
}
