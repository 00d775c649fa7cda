/**
 * The campaigns feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

export const NOTICE_POPUP_MAX_SHOWS = 3;

// §9 ads
export const AD_PRIORITIES = [1, 2, 3] as const;
export const AD_DEVICE_CODE = 1;
export const AD_LIST_REFRESH_MS = 10 * 60_000;
export const AD_MIN_INTERVAL_MS = 6 * 60 * 60_000;
/** Codes one batch may hold. */
export const EXCHANGE_CODE_BATCH_MAX_CODES = 10_000;
/** Redemptions one code may allow (a "public" code printed on a poster allows many). */
export const EXCHANGE_CODE_USES_MAX = 100_000;
/** Codes of one batch one user may redeem, at most. */
export const EXCHANGE_CODE_PER_USER_MAX = 100;
/** Gold coins one code may give, at most. */
export const EXCHANGE_CODE_GOLD_MAX = 100_000;
/** Red-envelope templates: validity in days, how many of one template a user may hold, discount bounds. */
export const RED_PACKET_TEMPLATE_VALID_DAYS_MAX = 365;
export const RED_PACKET_TEMPLATE_PER_USER_MAX = 100;
export const RED_PACKET_TEMPLATE_TOTAL_MAX = 10_000_000;
export const RED_PACKET_TEMPLATE_DISCOUNT_MAX_FEN = 100_000;
export const RED_PACKET_TEMPLATE_MIN_ORDER_MAX_FEN = 1_000_000;
/** Usernames one grant may list. */
export const RED_PACKET_GRANT_USERNAMES_MAX = 1000;
