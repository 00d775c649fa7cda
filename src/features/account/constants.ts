/**
 * The account feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// spec §8 toasts of the account area

/** 找相似 opened without an account to compare (no usable ?account_id=). */
export const MSG_ACCOUNT_ID_MISSING = '未获取到账号id';
/** GET common/userInfo failed (个人中心 cannot show the profile). */
export const MSG_USER_INFO_FAILED = '获取用户信息失败';

// Account settings (个人中心 and 账号设置)

/** A nickname: 2-16 characters (code points) after trimming; the users.nickname column holds 32. */
export const NICKNAME_MIN_CHARS = 2;
export const NICKNAME_MAX_CHARS = 16;
/** The pay password withdrawals ask for once set: exactly 6 digits, as payment apps use. */
export const PAY_PASSWORD_LENGTH = 6;
/** Wrong pay passwords (or old login passwords) allowed per user per window before a 429. */
export const PAY_PASSWORD_FAILURES_PER_WINDOW = 5;
export const PAY_PASSWORD_FAILURE_WINDOW_S = 15 * 60;
export const OLD_PASSWORD_FAILURES_PER_WINDOW = 5;
export const OLD_PASSWORD_FAILURE_WINDOW_S = 15 * 60;
/**
 * The re-authentication window ("sudo mode"): after POST account/verifyIdentity proves the login
 * password or a code to the bound phone, this session may change the password, phone, email,
 * pay password and payout account for this long (docs/decisions.md "Re-authentication window").
 */
export const REAUTH_WINDOW_S = 10 * 60;
/** Signed-in devices (session tokens) the settings page lists, newest use first. */
export const ACCOUNT_DEVICES_MAX = 50;

// Footprints, similar accounts, credit and deregistration

/** 我的足迹 keeps views this many days; housekeeping deletes older ones. */
export const FOOTPRINT_KEEP_DAYS = 90;
export const FOOTPRINT_PAGE_SIZE_DEFAULT = 20;
export const FOOTPRINT_PAGE_SIZE_MAX = 50;
/** Credit score (features/account/rules/credit.ts): starts at the base, stays within [min, max]. */
export const CREDIT_BASE_SCORE = 600;
export const CREDIT_MIN_SCORE = 350;
export const CREDIT_MAX_SCORE = 950;
export const CREDIT_PER_COMPLETED_RENTAL = 2;
export const CREDIT_COMPLETED_RENTALS_CAP = 150;
export const CREDIT_PER_UPHELD_COMPLAINT = -30;
export const CREDIT_PER_CANCELLATION = -5;
/** Cancellations forgiven before they cost anything (a renter may change their mind now and then). */
export const CREDIT_FREE_CANCELLATIONS = 3;
/** Deregistration: signing in within this cooling-off cancels it; after it the personal data goes. */
export const DEACTIVATION_COOLING_OFF_DAYS = 7;
