/**
 * 我的出租's bulk actions (上架 / 下架 / 改价 on the selected rows) as pure plans over the locked
 * rows. A bulk action is the single-item rules applied to each listing, all or nothing: the first
 * listing a rule refuses refuses the whole batch, named by its 编号, so nothing is half-written.
 * A listing already in the asked state (or at the asked price) is left as it is and reported as
 * unchanged rather than refused: selecting a page and pressing 下架 should not fail because a
 * few rows were already off the shelf (docs/decisions.md "我的出租 bulk actions").
 */
import type { ListingReviewStatus, ListingSellerState } from '~/platform/config/constants';
import { MSG_LISTING_DELETED, canMoveTo, isListedAs, reviewAfterSave } from '~/features/sellers/rules/listing-form';
import { reviewFromAfterSave, sellerMoveWhileHeld } from '~/features/sellers/rules/listing-review';

/** What a bulk plan reads of a listing. */
export interface BulkListing {
  id: number;
  sellerState: ListingSellerState;
  reviewStatus: ListingReviewStatus;
  rentalFen: number;
  reviewFromRentalFen: number | null;
  /** The platform's hold, null when none. */
  hold: { reason: string } | null;
}

export type BulkPlan<C> = { ok: true; changes: C[]; unchanged: number[] } | { ok: false; id: number; error: string };

/** A refusal of one listing as the batch's message: `编号 12：<the single-item message>`. */
export function bulkRefusal(id: number, error: string): string {
  return `编号 ${id}：${error}`;
}

export interface BulkMove {
  id: number;
  sellerState: 'on_shelf' | 'off_shelf';
  isListed: boolean;
}

/**
 * 上架 / 下架 of every listing: the platform hold first (a held listing cannot go back on the
 * shelf), then canMoveTo, exactly as POST seller/listings/state decides one listing.
 */
export function planBulkMove(rows: readonly BulkListing[], target: 'on_shelf' | 'off_shelf'): BulkPlan<BulkMove> {
  const changes: BulkMove[] = [];
  const unchanged: number[] = [];
  for (const row of rows) {
    const held = sellerMoveWhileHeld(target, row.hold);
    if (!held.ok) return { ok: false, id: row.id, error: held.error };
    if (row.sellerState === target) {
      unchanged.push(row.id);
      continue;
    }
    const move = canMoveTo(row.sellerState, target);
    if (!move.ok) return { ok: false, id: row.id, error: move.error };
    changes.push({ id: row.id, sellerState: target, isListed: isListedAs(target, row.reviewStatus, row.hold !== null) });
  }
  return { ok: true, changes, unchanged };
}

export interface BulkPriceChange {
  id: number;
  rentalFen: number;
  reviewStatus: ListingReviewStatus;
  reviewFromRentalFen: number | null;
  isListed: boolean;
}

/**
 * One hourly price for every listing, with the review that an edit of the form would bring: a
 * change beyond the ratio sends an approved listing back to review (review on), a rejected one is
 * sent back to review, exactly as POST seller/listings/update decides one listing.
 */
export function planBulkPrice(rows: readonly BulkListing[], rentalFen: number, review: { enabled: boolean; ratio: number }): BulkPlan<BulkPriceChange> {
  const changes: BulkPriceChange[] = [];
  const unchanged: number[] = [];
  for (const row of rows) {
    if (row.sellerState === 'deleted') return { ok: false, id: row.id, error: MSG_LISTING_DELETED };
    if (row.rentalFen === rentalFen) {
      unchanged.push(row.id);
      continue;
    }
    const reviewStatus = reviewAfterSave({ reviewEnabled: review.enabled, ratio: review.ratio, previous: { reviewStatus: row.reviewStatus, rentalFen: row.rentalFen }, rentalFen });
    changes.push({
      id: row.id,
      rentalFen,
      reviewStatus,
      reviewFromRentalFen: reviewFromAfterSave(row, reviewStatus),
      isListed: isListedAs(row.sellerState, reviewStatus, row.hold !== null),
    });
  }
  return { ok: true, changes, unchanged };
}
