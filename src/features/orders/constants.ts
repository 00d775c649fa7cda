/**
 * The orders feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// §9 rental multiples of the hourly rate and slot lengths
export const DAY_RENTAL_HOURS = 24;
export const TEN_HOUR_RENTAL_HOURS = 10;
export const WEEK_RENTAL_HOURS = 168;
export const MORNING_SLOT_HOURS = 5;
export const AFTERNOON_SLOT_HOURS = 7;
export const EVENING_SLOT_HOURS = 9;

// §4 reserved rental
export const RESERVATION_LEAD_MS = 30 * 60_000;

// §9 hafu coin tiers (in coins)
export const HAFU_COIN_WAN = 10_000;
/**
 * §4 time slots in minutes after Shanghai midnight of the day the window opens; values past 1440
 * fall on the next day. `clock` is when the slot is the current one (spec "Clock range",
 * 03:00-08:59 means [180, 540)); `window` is the rental window (07:00-12:00 means [420, 720)).
 * Window lengths equal the §9 slot lengths (5, 7, 9 hours).
 */
export const TIME_SLOTS = {
  morning: { clockFromMin: 3 * 60, clockToMin: 9 * 60, windowFromMin: 7 * 60, windowToMin: 12 * 60 },
  afternoon: { clockFromMin: 9 * 60, clockToMin: 16 * 60, windowFromMin: 12 * 60, windowToMin: 19 * 60 },
  evening: { clockFromMin: 16 * 60, clockToMin: 27 * 60, windowFromMin: 22 * 60, windowToMin: 31 * 60 },
} as const;
/** §4 reserved rental duration by rental id, in hours (1 h, 1 day, 5 h, 10 h, 7 days). */
export const RESERVED_DURATION_HOURS_BY_RENTAL_ID: Readonly<Record<number, number>> = {
  1: 1,
  6: 24,
  3: 5,
  2: 10,
  7: 168,
};
/** §9 hafu coin display unit above the 100M tier (1 亿 coins). */
export const HAFU_COIN_YI = 100_000_000;
/** The tag of a free order on order cards and the /free confirm dialog's button. */
export const FREE_ORDER_TAG = '免费';
/**
 * §4 early-cancel refund, read on its own axis (docs/decisions.md "Early-cancel refund"): the
 * cancellation fee, in percent of the rent, the owner keeps when a booked rental is cancelled this
 * close to its start: up to 2 h before 50 %, up to 3 h 30 %, up to 5 h 10 %, earlier nothing.
 * Ordered from the start outwards; the first step's fee is also the least the owner keeps once the
 * rental has started.
 */
export const LATE_CANCEL_FEE_STEPS = [
  { maxHoursBefore: 2, feePercent: 50 },
  { maxHoursBefore: 3, feePercent: 30 },
  { maxHoursBefore: 5, feePercent: 10 },
] as const;
/** Renewal of a running rental: at most this many hours in one renewal. */
export const RENEW_MAX_HOURS = 168;
/** The owner's own looks at a listing's login details count as evidence up to this long after the rental ends. */
export const OWNER_REVEAL_EVIDENCE_AFTER_END_HOURS = 24;
/**
 * New renters' limits (docs/decisions.md "New renters' limits"): an account younger than
 * NEW_RENTER_DAYS, or one that has never finished a rental, books at most NEW_RENTER_DAILY_ORDERS
 * rentals a Shanghai day and holds at most NEW_RENTER_OPEN_MAX (unpaid or not yet ended) at once.
 */
export const NEW_RENTER_DAYS = 7;
export const NEW_RENTER_DAILY_ORDERS = 5;
export const NEW_RENTER_OPEN_MAX = 2;
/**
 * The detail page's 档期 (docs/decisions.md "Free days ahead"): this many Shanghai days from
 * today; a free stretch shorter than the shortest rental (1 hour) cannot be booked, so it is not
 * shown as free.
 */
export const DAYS_AHEAD = 7;
export const MIN_FREE_STRETCH_MIN = 60;
/**
 * Hafu-coin settlement (docs/decisions.md "Hafu-coin settlement"): the renter reports the coins
 * left within this many hours of the rental's end; silence counts every coin as used.
 */
export const HAFU_REPORT_WINDOW_HOURS = 24;
/** The owner accepts or disputes the renter's count within this many hours of the report; silence accepts it. */
export const HAFU_ANSWER_WINDOW_HOURS = 24;
/** The owner's or operator's evidence / reason text, in characters. */
export const HAFU_TEXT_MIN = 5;
export const HAFU_TEXT_MAX = 500;
/**
 * "Cannot log in" in one click (issue 26; docs/decisions.md "Cannot log in in one click"): the
 * renter may report within LOGIN_FAILURE_REPORT_WINDOW_MS of the first time the login details
 * were shown to them, while nothing was played (no renewal, no hafu-coin prepay charged).
 */
export const LOGIN_FAILURE_REPORT_WINDOW_MS = 15 * 60_000;
/** The owner answers (已修改密码 or 申诉) within this long after the report. */
export const LOGIN_FAILURE_ANSWER_WINDOW_MS = 2 * 60 * 60_000;
/**
 * Auto take-down: a listing with this many standing (not reversed) failures within `days` days
 * leaves the shelf; the first step that matches takes it down.
 */
export const LOGIN_FAILURE_TAKEDOWN_STEPS = [
  { failures: 2, days: 7 },
  { failures: 3, days: 30 },
] as const;
/** The owner pays the renter this share of the rent (basis points), at least the floor, at most the cap. */
export const LOGIN_FAILURE_COMPENSATION_BPS = 2_000;
export const LOGIN_FAILURE_COMPENSATION_FLOOR_FEN = 200;
export const LOGIN_FAILURE_COMPENSATION_CAP_FEN = 5_000;
/**
 * Renter abuse: within LOGIN_FAILURE_ABUSE_DAYS, this many reports reversed after the owner's
 * evidence, or this many reports at all, withdraws the button (the normal complaint stays).
 */
export const LOGIN_FAILURE_ABUSE_DAYS = 30;
export const LOGIN_FAILURE_ABUSE_REVERSED_MAX = 2;
export const LOGIN_FAILURE_ABUSE_REPORTS_MAX = 5;
