/**
 * The seller's listing rules ("Listing an account"): the suggested price of each rental
 * kind from the hourly price (spec §9 multiples, through periods.ts), when a price change goes to
 * review, the daily rental-time window, and the moves a seller may make between states. Pure: the
 * listing form shows these figures and the server decides with the same functions.
 */
import { REVIEW_PRICE_CHANGE_RATIO, type ListingReviewStatus, type ListingSellerState } from '~/platform/config/constants';
import { parseRentalTime } from '~/features/catalog/rules/availability';
import { RENTAL_OPTIONS, optionPriceFen, type RentalOption, type RentalPeriodFlags } from '~/features/orders/rules/periods';

// ---------------------------------------------------------------------------------------------
// prices

export interface SuggestedPrice {
  option: RentalOption;
  /** The rental_period flag that offers it; null for hourly. */
  flag: keyof RentalPeriodFlags | null;
  label: string;
  hours: number;
  /** spec §9: hourly price × the option's hours. */
  priceFen: number;
}

/**
 * spec §9: what each rental kind costs at this hourly price (daily 24 ×, ten-hour 10 ×, weekly
 * 168 ×, the slots 5, 7 and 9 ×), hourly first, in the picker's order. The form shows these
 * beside each offered kind; the hall and the quote charge the same figures.
 */
export function suggestedPrices(hourlyFen: number): SuggestedPrice[] {
  return RENTAL_OPTIONS.map((def) => ({
    option: def.option,
    flag: def.flag,
    label: def.label,
    hours: def.hours,
    priceFen: optionPriceFen(hourlyFen, def.option),
  }));
}

/**
 * A change of the hourly price goes to review when it moves by more than `ratio` of the old price,
 * up or down: |new − old| / old > ratio (exactly the ratio does not). A listing that was free (old
 * 0) goes to review on any rise. Integer arithmetic: |new − old| × 10000 > old × ratio × 10000.
 */
export function priceChangeNeedsReview(oldFen: number, newFen: number, ratio: number = REVIEW_PRICE_CHANGE_RATIO): boolean {
  if (oldFen === newFen) return false;
  if (oldFen <= 0) return newFen > 0;
  const ratioBps = Math.round(ratio * 10_000);
  return Math.abs(newFen - oldFen) * 10_000 > oldFen * ratioBps;
}

/**
 * Where a listing's review stands after a save: a new listing waits for review when review is on
 * and is approved at once when it is off; an edit keeps its status unless the price moved beyond
 * the ratio (review on: back to pending). A rejected listing that is saved again is sent back to
 * review (the seller fixed what was refused), or approved when review is off.
 */
export function reviewAfterSave(input: {
  reviewEnabled: boolean;
  ratio: number;
  /** Null for a new listing. */
  previous: { reviewStatus: ListingReviewStatus; rentalFen: number } | null;
  rentalFen: number;
}): ListingReviewStatus {
  const { reviewEnabled, previous } = input;
  if (!reviewEnabled) return 'approved';
  if (!previous) return 'pending';
  if (previous.reviewStatus !== 'approved') return 'pending';
  return priceChangeNeedsReview(previous.rentalFen, input.rentalFen, input.ratio) ? 'pending' : 'approved';
}

// ---------------------------------------------------------------------------------------------
// rental time

export const MSG_RENTAL_TIME_FORMAT = '可租时段格式应为 HH:mm-HH:mm，例如 08:00-23:00';
export const MSG_RENTAL_TIME_SAME = '可租时段的开始和结束时间不能相同';

const RENTAL_TIME_TEXT = /^\d{2}:\d{2}-\d{2}:\d{2}$/;

/**
 * A daily rental-time window as the seller typed it ('8:00 - 23:00' is not accepted; spaces around
 * the dash are): the canonical 'HH:mm-HH:mm', or the Chinese reason it is refused. The window may
 * cross midnight ('18:00-02:00'); the end minute is included (availability.ts), so '00:00-23:59'
 * is all day and a window whose start equals its end is refused.
 */
export function checkRentalTime(raw: string): { ok: true; value: string } | { ok: false; error: string } {
  const value = raw.replace(/\s+/g, '');
  if (!RENTAL_TIME_TEXT.test(value)) return { ok: false, error: MSG_RENTAL_TIME_FORMAT };
  let range;
  try {
    range = parseRentalTime(value);
  } catch {
    return { ok: false, error: MSG_RENTAL_TIME_FORMAT };
  }
  if (range.fromMin === range.toMin) return { ok: false, error: MSG_RENTAL_TIME_SAME };
  return { ok: true, value };
}

// ---------------------------------------------------------------------------------------------
// states

/** A state the seller asks for with 上架 / 下架 / 维护 (deletion is its own call). */
export type SellerStateTarget = Exclude<ListingSellerState, 'deleted'>;

export const SELLER_STATE_LABEL: Readonly<Record<ListingSellerState, string>> = {
  on_shelf: '已上架',
  off_shelf: '已下架',
  maintenance: '维护中',
  deleted: '已删除',
};

export const REVIEW_STATUS_LABEL: Readonly<Record<ListingReviewStatus, string>> = {
  approved: '已通过',
  pending: '审核中',
  rejected: '已驳回',
};

/** The button of each move, as the seller's list shows it. */
export const SELLER_STATE_ACTION: Readonly<Record<SellerStateTarget, string>> = {
  on_shelf: '上架',
  off_shelf: '下架',
  maintenance: '维护',
};

export const MSG_LISTING_DELETED = '该账号已删除';

/**
 * Whether the seller may move a listing from `from` to `to`: on_shelf, off_shelf and maintenance
 * reach one another freely; a deleted listing moves nowhere; asking for the state it is in is
 * refused (nothing would change). Review does not block a move: a pending listing put on the
 * shelf shows to renters once it is approved (is_listed needs both).
 */
export function canMoveTo(from: ListingSellerState, to: SellerStateTarget): { ok: true } | { ok: false; error: string } {
  if (from === 'deleted') return { ok: false, error: MSG_LISTING_DELETED };
  if (from === to) return { ok: false, error: `该账号已是${SELLER_STATE_LABEL[to]}状态` };
  return { ok: true };
}

/** The moves a listing's row offers, in button order. */
export function availableMoves(from: ListingSellerState): SellerStateTarget[] {
  if (from === 'deleted') return [];
  return (['on_shelf', 'off_shelf', 'maintenance'] as const).filter((to) => to !== from);
}

/**
 * What deleting does ("a listing with running or future orders cannot be deleted; it is
 * unlisted instead"): deleted when no rental of it is running or still to come (unpaid ones
 * included, since they hold their window), otherwise taken off the shelf and kept.
 */
export function deleteOutcome(from: ListingSellerState, hasRunningOrFutureOrders: boolean): 'deleted' | 'unlisted' | 'refused' {
  if (from === 'deleted') return 'refused';
  return hasRunningOrFutureOrders ? 'unlisted' : 'deleted';
}

/**
 * spec §3 is_listed: shown to renters only on the shelf, past review and not taken down by the
 * platform (listings_is_listed_check holds the database to the same).
 */
export function isListedAs(sellerState: ListingSellerState, reviewStatus: ListingReviewStatus, held: boolean): boolean {
  return sellerState === 'on_shelf' && reviewStatus === 'approved' && !held;
}
