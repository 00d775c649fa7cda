/**
 * The wallet feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// §9 red envelopes
export const RED_PACKET_PAGE_SIZE = 100;
/** How long the welcome envelopes of a new account stay usable. */
export const NEW_USER_RED_PACKET_VALID_DAYS = 30;
/** Preset recharge amounts on /account/Recharge. */
export const RECHARGE_PRESETS_FEN = [1_000, 5_000, 10_000, 20_000, 50_000, 100_000] as const;
/** Withdrawal limits per request, and withdrawals one user may have pending at once. */
export const WITHDRAW_MIN_FEN = 1_000;
export const WITHDRAW_MAX_FEN = 2_000_000;
export const WITHDRAW_PENDING_MAX = 3;
/**
 * 转账 limits (docs/decisions.md "Transfer and contract signing"): per transfer, and what one
 * user may send in a Shanghai day; below a withdrawal's so a transfer is never the larger way out.
 */
export const TRANSFER_MIN_FEN = 100;
export const TRANSFER_MAX_FEN = 200_000;
export const TRANSFER_DAILY_MAX_FEN = 500_000;
/**
 * A pending withdrawal is claimed for payout (sandbox or live) this long after it was made: the
 * user's window to cancel it (docs/decisions.md "Payouts").
 */
export const WITHDRAW_PAYOUT_DELAY_MS = 2 * 60_000;
/** Withdrawals claimed for payout per claim transaction; the sweep loops until none is due. */
export const PAYOUT_CLAIM_BATCH = 50;
/**
 * An attempt still `sending` this long after it was sent (the process died between sending and
 * recording, or the call hangs) is queried by the sweep; longer than any provider call may take.
 */
export const PAYOUT_SENDING_TIMEOUT_MS = 2 * 60_000;
/** The first query of an unknown outcome waits this long; each later one twice as long, up to the cap. */
export const PAYOUT_QUERY_BACKOFF_MS = 30_000;
export const PAYOUT_QUERY_BACKOFF_MAX_MS = 60 * 60_000;
/** How long a sweep holds an attempt it is querying (a lease: other processes skip it meanwhile). */
export const PAYOUT_QUERY_LEASE_MS = 60_000;
/** Gold coins (docs/decisions.md "Gold coins"): daily sign-in, tasks and what coins buy. */
export const GOLD_SIGN_IN_COINS = 10;
export const GOLD_EXCHANGE_COINS = 100;
/** One exchange gives a no-threshold red envelope worth this much, valid this many days. */
export const GOLD_EXCHANGE_RED_PACKET_FEN = 100;
export const GOLD_EXCHANGE_RED_PACKET_DAYS = 30;
export const GOLD_EXCHANGES_PER_DAY = 5;
/**
 * Exchange-code characters: digits and capitals without the look-alikes 0/O, 1/I/L, so a code read
 * aloud or copied by hand cannot be mistaken (31 characters, about 4.95 bits each).
 */
export const EXCHANGE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Characters of a code (16 × 4.95 ≈ 79 bits: never guessed, even at the rate limits below for years). */
export const EXCHANGE_CODE_LENGTH = 16;
/** Shown in groups of this many, joined by '-' (XXXX-XXXX-XXXX-XXXX); the dashes are not part of the code. */
export const EXCHANGE_CODE_GROUP = 4;
/** Redemption attempts (right or wrong) per user and per address per window, counted in the database. */
export const EXCHANGE_CODE_ATTEMPTS_PER_USER = 10;
export const EXCHANGE_CODE_ATTEMPTS_PER_IP = 30;
export const EXCHANGE_CODE_ATTEMPT_WINDOW_S = 600;
/** Days the daily report shows when no range is given (today and the days before). */
export const FINANCE_REPORT_DEFAULT_DAYS = 30;
/** The longest date range the daily report spans (the days are paged, the range is capped). */
export const FINANCE_REPORT_MAX_DAYS = 366;
/** What the payee reads on a payout transfer (Alipay order_title). */
export const PAYOUT_TITLE = '账户余额提现';
