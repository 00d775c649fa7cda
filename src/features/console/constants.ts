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
/**
 * Console sign-in limits (docs/decisions.md "Console sign-in: lockout per name and address").
 * Wrong tries per (username, address) before that pair is locked out; a success clears the pair.
 */
export const OPS_LOGIN_TRIES_PER_NAME_IP = 5;
/** The first lockout of a (username, address) pair; each further one doubles, up to the cap. */
export const OPS_LOGIN_LOCKOUT_BASE_S = 5 * 60;
export const OPS_LOGIN_LOCKOUT_MAX_S = 3600;
/** A pair with no failure for this long starts again from the first lockout. */
export const OPS_LOGIN_BACKOFF_FORGET_S = 24 * 3600;
/** Sign-in attempts per address per window, whatever the names (spraying); times IP_RATE_LIMIT_FACTOR. */
export const OPS_LOGIN_ATTEMPTS_PER_IP = 30;
export const OPS_LOGIN_WINDOW_S = 900;
/**
 * Circuit breaker: this many failures for one username in a window, over all addresses, and the
 * name is closed for the rest of the window to every address the operator has not signed in from
 * in the last OPS_LOGIN_KNOWN_ADDRESS_S.
 */
export const OPS_LOGIN_NAME_BREAKER_FAILURES = 100;
export const OPS_LOGIN_KNOWN_ADDRESS_S = 30 * 24 * 3600;

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

// Two people for big money (docs/decisions.md "Two people for big money")

/** A wallet credit above this waits for a second operator's approval: 1,000.00 yuan. */
export const OPS_CREDIT_APPROVAL_ABOVE_FEN = 100_000;
/**
 * What one operator may credit in one Shanghai day, counting the small credits they make, the big
 * ones they request (pending or executed) and the ones they approve: 20,000.00 yuan.
 */
export const OPS_CREDIT_DAILY_CAP_FEN = 2_000_000;

// Operators' second factor (docs/decisions.md "Console second factor: TOTP")
/** Roles that must have TOTP: their sign-in is not finished until they enrol. */
export const OPS_TOTP_REQUIRED_ROLES = ['admin', 'finance'] as const;
/** RFC 6238 parameters every authenticator app reads from the otpauth:// URI. */
export const OPS_TOTP_PERIOD_S = 30;
export const OPS_TOTP_DIGITS = 6;
/** Steps either side of now a code may belong to (clock drift between phone and server). */
export const OPS_TOTP_WINDOW = 1;
/** The issuer shown in authenticator apps beside the operator's name. */
export const OPS_TOTP_ISSUER = '运营后台';
/** One-time recovery codes handed out at enrolment. */
export const OPS_RECOVERY_CODE_COUNT = 10;
/** A session that has passed the password but not the second factor lasts this long. */
export const OPS_PENDING_SESSION_S = 10 * 60;
