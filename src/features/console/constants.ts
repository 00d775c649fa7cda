/**
 * The console feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// Operator console (docs/decisions.md "Operator console")
/** An operator session ends this long after sign-in, however busy. */
export const OPS_SESSION_ABSOLUTE_S = 12 * 3600;
/** An operator session left unused this long ends (an unattended console signs itself out). */
export const OPS_SESSION_IDLE_S = 2 * 3600;
/** The idle end is pushed forward at most this often, so reading a session is rarely a write. */
export const OPS_SESSION_TOUCH_MS = 60_000;
/** Console sign-in attempts per username per window, and per IP. */
export const OPS_LOGIN_ATTEMPTS_PER_NAME = 5;
export const OPS_LOGIN_ATTEMPTS_PER_IP = 30;
export const OPS_LOGIN_WINDOW_S = 900;

// Console overview ("The numbers"; docs/decisions.md "Console overview")

/** The overview's default range: this many Shanghai days, ending today. */
export const DASHBOARD_DEFAULT_DAYS = 14;
/** The longest range one overview shows (the queries are measured at this span too). */
export const DASHBOARD_MAX_DAYS = 92;
/** Rows of each ranking (channels, top games, top listings, complaint rates). */
export const DASHBOARD_TOP_N = 10;
/** A seller enters the complaint-rate ranking with at least this many paid rentals in the range. */
export const DASHBOARD_COMPLAINT_MIN_ORDERS = 5;

// Users and orders in the console

/** The largest single wallet adjustment a finance operator may make: 1,000,000.00 yuan. */
export const OPS_WALLET_ADJUST_MAX_FEN = 100_000_000;
/** Rows of a user's recent orders and ledger on the console's user detail. */
export const OPS_USER_RECENT_ROWS = 10;
/** The lengths of a timed ban an operator picks from, in days; no length is a ban until lifted. */
export const OPS_BAN_DAY_CHOICES = [1, 3, 7, 30] as const;
/** The length the ban dialog preselects (one of OPS_BAN_DAY_CHOICES). */
export const OPS_BAN_DEFAULT_DAYS: (typeof OPS_BAN_DAY_CHOICES)[number] = 7;
