/**
 * The spec's constants (§9 and the numbers scattered through §2-§8) and our limits that the
 * platform or more than one feature uses. A constant only one feature uses lives in that feature's
 * constants.ts (tests/unit/layout.test.ts keeps it so). Units are in the names: _MS milliseconds,
 * _S seconds, _FEN integer fen (1 yuan = 100 fen).
 */

// §7 HTTP client
export const REQUEST_TIMEOUT_MS = 30_000;
export const UNAUTHORIZED_HANDLING_LIMIT = 3;
export const CODE_SUCCESS = 0;
export const CODE_FAIL = 1;
/**
 * 403: the change needs a recent proof of identity on this session (the account feature's
 * POST account/verifyIdentity); the islands open the 验证身份 dialog on it and retry once.
 */
export const CODE_REAUTH_REQUIRED = 1201;
export const API_PREFIX = '/api/v1';
/** Spec §3: the session key onlyuser holds a random 32-character id (sessionStorage). */
export const SESSION_ID_STORAGE_KEY = 'onlyuser';

// §2 modals
export const MODAL_Z_INDEX = 1002;
export const MODAL_DEFAULT_WIDTH_PX = 578;

// §9 messages
export const TOAST_MAX_COUNT = 1;
export const TOAST_DURATION_MS = 3_000;
export const NOTIFICATION_MAX_COUNT = 1;
export const NOTIFICATION_DURATION_MS = 10_000;

// §9 VIP
export const VIP_DISCOUNT_FACTOR = 0.88;
export const VIP_DISCOUNT_CAP_FEN = 200;

// §9 rental ids
export const RENTAL_ID = { hourly: 1, tenHour: 2, slot: 3, daily: 6, weekly: 7 } as const;
export const HAFU_COIN_TIERS = [1_000_000, 10_000_000, 100_000_000] as const;
export const SMS_RESEND_S = 60;
export const NEW_USER_RED_PACKET_DELAY_MS = 800;

// §9 misc
export const SESSION_ID_LENGTH = 32;
// §9's root font scale 100, layout-helper retry 100 ms and title update delay 300 ms have no
// behaviour to drive here (docs/decisions.md "Spec constants without a behaviour").

// Server limits (not in the spec; see docs/decisions.md)
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/**
 * A POST whose route reads no body may still carry a little (`{}`, a form's leftovers); more is
 * refused with 413 instead of being read and thrown away.
 */
export const MAX_IGNORED_BODY_BYTES = 1024;
export const TIME_ZONE = 'Asia/Shanghai';
/**
 * Seller settlement defaults (not in the spec, see docs/decisions.md "Settlement"):
 * the platform's commission on the rent a renter finally paid, per cert_type, in basis points
 * (1/100 of a percent), and how long earnings stay frozen after the rental ends (the complaint
 * window). Operators change them without a deploy once the console lands.
 */
export const COMMISSION_BPS_BY_CERT_TYPE: Readonly<Record<0 | 1 | 2, number>> = { 0: 1_000, 1: 800, 2: 600 };
export const EARNINGS_HOLD_HOURS = 24;
/** What a seller chose for a listing: only on_shelf (and approved) shows to renters. */
export const LISTING_SELLER_STATES = ['on_shelf', 'off_shelf', 'maintenance', 'deleted'] as const;
export type ListingSellerState = (typeof LISTING_SELLER_STATES)[number];
/** Review of new listings and big price changes (a setting, on by default, off in the demo). */
export const LISTING_REVIEW_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type ListingReviewStatus = (typeof LISTING_REVIEW_STATUSES)[number];
/** A price change beyond this share of the old hourly price (up or down) goes to review when review is on. */
export const REVIEW_PRICE_CHANGE_RATIO = 0.5;
/** The listing attribute that tells a hafu coin account from a skin account (spec §3 attrs). */
export const ACCOUNT_TYPE_ATTR_NAME = '账号类型';
export const ACCOUNT_TYPE_VALUE = { hafuCoin: '哈夫币号', skin: '皮肤号' } as const;
/** Full-day rental window, the default of listings.rental_time. */
export const RENTAL_TIME_ALL_DAY = '00:00-23:59';
/** The seller's description of a listing, in characters as a person counts them (ours, not the spec's). */
export const LISTING_DESCRIPTION_MAX_CHARS = 500;

// §4/§9 rules (src/lib/rules).
/**
 * Asia/Shanghai is UTC+08:00 all year (China has no daylight saving since 1991), so the rules
 * convert with this fixed offset instead of shipping a time-zone database to the browser.
 */
export const SHANGHAI_UTC_OFFSET_MS = 8 * 60 * 60_000;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 60 * 60_000;
export const MS_PER_DAY = 24 * 60 * 60_000;
/** §3 couponsInfo.type: 1 = percentage; any other value is a fixed amount. */
export const COUPON_TYPE_PERCENTAGE = 1;

// §4/§5 sign-in (src/platform/rules/validation.ts, qr-login.ts, login-state.ts).
/** §5 username/phone login field: at most 20 characters (counted in code points). */
export const LOGIN_NAME_MAX_LENGTH = 20;
/** §5 password: 8-30 letters, digits or underscore. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
/** §5 SMS code: exactly 6 digits. */
export const SMS_CODE_LENGTH = 6;
/** §5 Chinese resident ID number: 18 characters (17 digits + a check digit, GB 11643). */
export const ID_NUMBER_LENGTH = 18;
/** §5 after MORE than this many wrong passwords the server answers -410 and wants a captcha. */
export const PASSWORD_FAILURES_BEFORE_CAPTCHA = 3;
/** Slider puzzles one IP may fetch per minute. */
export const CAPTCHAS_PER_IP_PER_MINUTE = 30;

// Red envelopes
// spec §3 couponsInfo, §4 new-user popup, §7 "GET my red packets", §9 page size (RED_PACKET_PAGE_SIZE).
/** §3 couponsInfo.type of a fixed-amount envelope. */
export const COUPON_TYPE_FIXED = 2;
/**
 * Our third kind of red_packets row (spec §1 "use free-rental coupons"): a 免费租号券 that pays
 * `free_hours` of a listing with a running free offer, used only at the free checkout. It is no
 * couponsInfo: GET account/redPackets and the paid checkout never see it (docs/decisions.md
 * "Free-rental coupons").
 */
export const COUPON_TYPE_FREE_RENTAL = 3;
/** Envelope status: 1 unused, 2 used; 3 expired is derived (unused and expires_at <= now), never stored. */
export const RED_PACKET_STATUS = { unused: 1, used: 2, expired: 3 } as const;

// Renting and money
// spec §3 order, §4 pay status and early-cancel refund, §6 real name and bound phone, §9 VIP.
/** spec order_status values (features/orders/rules/order-status.ts). */
export const ORDER_STATUS = { unpaid: 1, paying: 2, paid: 3, finished: 4, cancelled: 5 } as const;
/** §4 pay status check: the code /pay-result reads for status 5 and 2; 0 is success, -1 anything else. */
export const PAY_STATUS_CODE = { success: 0, cancelled: 1002, paying: 1001, failed: -1 } as const;
/** An unpaid order keeps its window this long, then is cancelled. */
export const ORDER_PAY_TIMEOUT_MS = 15 * 60_000;
/** How often each process settles orders: unpaid timeouts, finished rentals, deposits, notifies. */
export const ORDER_SWEEP_INTERVAL_MS = 30_000;
/** The demo renter's opening balance (500 yuan). */
export const DEMO_OPENING_BALANCE_FEN = 50_000;
/** Recharge limits per payment. */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 5_000_000;
/** spec §7 order "complaint types". */
export const COMPLAINT_TYPES = [
  { type: 1, name: '账号无法登录' },
  { type: 2, name: '账号密码错误' },
  { type: 3, name: '账号被顶号/被找回' },
  { type: 4, name: '账号信息与描述不符' },
  { type: 5, name: '游戏内被封禁' },
  { type: 6, name: '其他问题' },
] as const;
/** Orders, funds and withdrawals lists: page size by default and at most. */
export const MONEY_PAGE_SIZE_DEFAULT = 10;
export const MONEY_PAGE_SIZE_MAX = 50;
/** Idempotency keys are kept this long; a retry after that runs as a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

// Image uploads (docs/decisions.md "Image uploads")
/** The largest image file accepted: 5 MB. */
export const UPLOAD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Room for the multipart framing and the purpose field around the file. */
export const UPLOAD_FORM_OVERHEAD_BYTES = 64 * 1024;
/** Decoded pixels an image may declare (40 megapixels): a decompression bomb is refused from its header. */
export const UPLOAD_IMAGE_MAX_PIXELS = 40_000_000;
/** The longest side an image may declare, in pixels. */
export const UPLOAD_IMAGE_MAX_SIDE_PX = 8000;
/** Uploads one user may make per Shanghai day (a re-upload of the same image is not counted again). */
export const UPLOADS_PER_USER_PER_DAY = 100;
/** The listing-card variant fits inside this box (never enlarged). */
export const UPLOAD_CARD_BOX_PX = { width: 480, height: 360 } as const;
/** The detail variant fits inside this box (never enlarged). */
export const UPLOAD_DETAIL_BOX_PX = { width: 1280, height: 1280 } as const;
/** What an upload is for; the same endpoint serves them all (chat: the customer-service chat). */
export const UPLOAD_PURPOSES = ['listing', 'complaint', 'avatar', 'chat'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Rows per page of every console table. */
export const OPS_PAGE_SIZE = 20;
/** The largest page a console list call serves. */
export const OPS_PAGE_SIZE_MAX = 100;

// Campaigns (popup ads, emergency notices, broadcasts, red-envelope campaigns, exchange
// codes; docs/decisions.md "Campaigns")
/** Uploads one operator may make per Shanghai day (ad images; a re-upload of the same image is not counted again). */
export const OPS_UPLOADS_PER_OPERATOR_PER_DAY = 200;
/** What an operator's upload is for (never accepted from a marketplace user). */
export const OPS_UPLOAD_PURPOSES = ['ad', 'content'] as const;
export const HELP_TITLE_MAX_CHARS = 64;
export const HELP_TYPE_MAX_CHARS = 16;

/** Investment form (招商合作). */
export const INVEST_NAME_MAX_CHARS = 20;
export const INVEST_CITY_MAX_CHARS = 20;
export const INVEST_MESSAGE_MAX_CHARS = 500;
/** Budget ranges the form offers (key → label). */
export const INVEST_BUDGETS = {
  under_10w: '10万元以下',
  '10w_50w': '10万-50万元',
  '50w_100w': '50万-100万元',
  over_100w: '100万元以上',
} as const;
/** The new-user activity: its key (lottery prizes and chances) and the prizes by rank, in gold coins. */
export const NEWUSER_ACTIVITY = 'newuser_ranking';
