/**
 * The tasks feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// ---------------------------------------------------------------------------------------------
// Wanted board (/task, /task-publish) and investment leads (/business-invest)
// (docs/decisions.md "Wanted board and investment leads")

/** Requirements text of a wanted task. */
export const TASK_REQUIREMENTS_MIN_CHARS = 4;
export const TASK_REQUIREMENTS_MAX_CHARS = 500;
/** Budget per hour the renter names, in fen: 0.10 to 500 yuan. */
export const TASK_BUDGET_HOUR_MIN_FEN = 10;
export const TASK_BUDGET_HOUR_MAX_FEN = 50_000;
/** Hours wanted: one hour to a week (the longest rental option, spec §9 weekly). */
export const TASK_HOURS_MIN = 1;
export const TASK_HOURS_MAX = 168;
/** How long a task stays on the board: the renter picks one of these, in hours. */
export const TASK_EXPIRY_HOURS_OPTIONS = [6, 24, 72, 168] as const;
export const TASK_EXPIRY_HOURS_DEFAULT = 24;
/** Open tasks one renter may have at once. */
export const TASK_OPEN_PER_USER_MAX = 5;
/** Tasks one renter may publish per day (rate limit). */
export const TASK_PUBLISH_PER_DAY_MAX = 20;
/** Offers on one task (all sellers), and the seller's note on an offer. */
export const TASK_OFFERS_PER_TASK_MAX = 50;
export const TASK_OFFER_NOTE_MAX_CHARS = 200;
export const TASK_HALL_PAGE_SIZE = 10;
