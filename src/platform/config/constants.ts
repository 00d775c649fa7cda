/**
 * Every business constant of the spec (§9 and the numbers scattered through §2-§8), in one place.
 * Units are in the names: _MS milliseconds, _S seconds, _FEN integer fen (1 yuan = 100 fen).
 */

// §7 HTTP client
export const REQUEST_TIMEOUT_MS = 30_000;
export const UNAUTHORIZED_HANDLING_LIMIT = 3;
export const CODE_SUCCESS = 0;
export const CODE_FAIL = 1;
export const CODE_ACCOUNT_DELETED = -400;
export const CODE_PASSWORD_CAPTCHA_REQUIRED = -410;
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

// §9 rental multiples of the hourly rate and slot lengths
export const DAY_RENTAL_HOURS = 24;
export const TEN_HOUR_RENTAL_HOURS = 10;
export const WEEK_RENTAL_HOURS = 168;
export const MORNING_SLOT_HOURS = 5;
export const AFTERNOON_SLOT_HOURS = 7;
export const EVENING_SLOT_HOURS = 9;

// §9 rental ids
export const RENTAL_ID = { hourly: 1, tenHour: 2, slot: 3, daily: 6, weekly: 7 } as const;

// §4 reserved rental
export const RESERVATION_LEAD_MS = 30 * 60_000;

// §9 hafu coin tiers (in coins)
export const HAFU_COIN_WAN = 10_000;
export const HAFU_COIN_TIERS = [1_000_000, 10_000_000, 100_000_000] as const;

// §9 red envelopes
export const RED_PACKET_PAGE_SIZE = 100;

// §9 QR login and SMS
export const QR_POLL_WECHAT_MS = 500;
export const QR_POLL_QQ_MS = 500;
export const QR_POLL_APP_MS = 2_000;
export const QR_LIFETIME_MS = 60_000;
export const SMS_RESEND_S = 60;
export const NEW_USER_RED_PACKET_DELAY_MS = 800;

// §9 polling and reporting
export const NOTIFICATION_POLL_MS = 15_000;
export const NOTIFICATION_POPUP_AUTO_CLOSE_MS = 10_000;
export const ACTIVITY_REPORT_INTERVAL_MS = 60_000;
export const HIDDEN_PAGE_SAVE_MS = 5 * 60_000;
export const NOTICE_POPUP_MAX_SHOWS = 3;

// §9 ads
export const AD_PRIORITIES = [1, 2, 3] as const;
export const AD_DEVICE_CODE = 1;
export const AD_LIST_REFRESH_MS = 10 * 60_000;
export const AD_MIN_INTERVAL_MS = 6 * 60 * 60_000;

// §9 misc
export const SESSION_ID_LENGTH = 32;
export const CONVERSION_TYPE = 6;
export const ROOT_FONT_SCALE = 100;
export const LAYOUT_RETRY_MS = 100;
export const TITLE_UPDATE_DELAY_MS = 300;

// Server limits (not in the spec; see docs/decisions.md)
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
export const TIME_ZONE = 'Asia/Shanghai';

// §3 listings and shops (data layer)
/** merchantInfo.cert_type: 1 = store, 2 = merchant (spec §3); 0 is an individual owner (ours). */
export const CERT_TYPE = { individual: 0, store: 1, merchant: 2 } as const;
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
/** third_type of listings mirrored from the partner platform; always bookable (spec §4). */
export const THIRD_TYPE_UHAOZU = 'uhaozu';
/** The listing attribute that tells a hafu coin account from a skin account (spec §3 attrs). */
export const ACCOUNT_TYPE_ATTR_NAME = '账号类型';
export const ACCOUNT_TYPE_VALUE = { hafuCoin: '哈夫币号', skin: '皮肤号' } as const;
/** Full-day rental window, the default of listings.rental_time. */
export const RENTAL_TIME_ALL_DAY = '00:00-23:59';

// §4/§9 rules (src/lib/rules).
/**
 * Asia/Shanghai is UTC+08:00 all year (China has no daylight saving since 1991), so the rules
 * convert with this fixed offset instead of shipping a time-zone database to the browser.
 */
export const SHANGHAI_UTC_OFFSET_MS = 8 * 60 * 60_000;
export const MS_PER_MINUTE = 60_000;
export const MS_PER_HOUR = 60 * 60_000;
export const MS_PER_DAY = 24 * 60 * 60_000;
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
/** §3 couponsInfo.type: 1 = percentage; any other value is a fixed amount. */
export const COUPON_TYPE_PERCENTAGE = 1;
/** §9 hafu coin display unit above the 100M tier (1 亿 coins). */
export const HAFU_COIN_YI = 100_000_000;

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

// Tokens (src/features/sign-in/server/tokens.ts).
/** §3 token info: a sign-in token lives 7 days; clients read its end as expires_time in seconds. */
export const TOKEN_LIFETIME_S = 7 * 24 * 60 * 60;

// Sign-in server limits (docs/sign-in-api.md). Not in the spec: our choices, in
// docs/decisions.md.
/** A getSign challenge lives 5 minutes; X-Timestamp may differ from the server clock by this much. */
export const SIGN_CHALLENGE_LIFETIME_S = 300;
export const SIGN_TIMESTAMP_WINDOW_S = 300;
/** A slider puzzle lives 2 minutes and takes one answer; x may be off by this many pixels. */
export const CAPTCHA_LIFETIME_S = 120;
export const CAPTCHA_TOLERANCE_PX = 6;
/** A verify_key (solved captcha) lives 5 minutes and is used once. */
export const VERIFY_KEY_LIFETIME_S = 300;
/** SMS and email codes: 5 minutes, at most 5 tries. */
export const VERIFICATION_CODE_LIFETIME_S = 300;
export const VERIFICATION_CODE_MAX_TRIES = 5;
/** Sends per phone (or email) per day and per IP per day; the 60 s gap is SMS_RESEND_S. */
export const CODE_SENDS_PER_RECIPIENT_PER_DAY = 10;
export const CODE_SENDS_PER_IP_PER_DAY = 20;
/** Password login attempts per login name and per IP in a 15-minute window. */
export const LOGIN_ATTEMPT_WINDOW_S = 900;
export const LOGIN_ATTEMPTS_PER_NAME = 10;
export const LOGIN_ATTEMPTS_PER_IP = 50;
/** A third-party login's temp_token (spec §6, for /bind) lives 10 minutes. */
export const BIND_TOKEN_LIFETIME_S = 600;
/** QR polls closer together than this fraction of the platform's interval get 429. */
export const QR_MIN_POLL_FRACTION = 0.5;
/** Name of the HttpOnly cookie binding a QR session to the browser that created it. */
export const QR_SECRET_COOKIE = 'qr_secret';
/** Slider puzzles one IP may fetch per minute. */
export const CAPTCHAS_PER_IP_PER_MINUTE = 30;
/** Collector requests one IP may send per minute (page views, reports and click batches). */
export const COLLECTOR_REQUESTS_PER_IP_PER_MINUTE = 1_200;
/** A collector body past this many bytes is refused with 413 (sendBeacon's own cap is 64 KB). */
export const COLLECTOR_BODY_MAX_BYTES = 64 * 1024;
/** The buffered collector writer commits every this many ms, or sooner at COLLECTOR_FLUSH_ROWS rows. */
export const COLLECTOR_FLUSH_MS = 25;
export const COLLECTOR_FLUSH_ROWS = 500;
/** A conversion counts only for an account registered at most this long ago. */
export const CONVERSION_MAX_ACCOUNT_AGE_MS = 24 * 60 * 60_000;
/** Clicks wait in the browser's queue at most this long, or until CLICK_QUEUE_MAX of them. */
export const CLICK_FLUSH_MS = 5_000;
export const CLICK_QUEUE_MAX = 20;

// Per-user catalogue state
// docs/user-catalog-api.md: search history, hall search templates, collections.
/** Keywords kept per user in the search history (newest first). */
export const SEARCH_HISTORY_LIMIT = 10;
/** Search templates one user may save. */
export const SEARCH_TEMPLATES_MAX = 20;
/** The collections list: page size by default and at most. */
export const COLLECTIONS_PAGE_SIZE_DEFAULT = 20;
export const COLLECTIONS_PAGE_SIZE_MAX = 50;

// Red envelopes
// spec §3 couponsInfo, §4 new-user popup, §7 "GET my red packets", §9 page size (RED_PACKET_PAGE_SIZE).
/** §3 couponsInfo.type of a fixed-amount envelope (the red_packets check allows 1 and 2 only). */
export const COUPON_TYPE_FIXED = 2;
/** Envelope status: 1 unused, 2 used; 3 expired is derived (unused and expires_at <= now), never stored. */
export const RED_PACKET_STATUS = { unused: 1, used: 2, expired: 3 } as const;
/** How long the welcome envelopes of a new account stay usable. */
export const NEW_USER_RED_PACKET_VALID_DAYS = 30;

// Reviews
// spec §7 detail "comments": a listing's reviews, newest first, paged.
/** Reviews per page by default and at most. */
export const REVIEWS_PAGE_SIZE_DEFAULT = 10;
export const REVIEWS_PAGE_SIZE_MAX = 50;

// Reviews written by renters (/account/assess, /account/assessInfo; docs/decisions.md "Reviews
// written by renters"). One review per finished rental order.
/** Stars of a review: whole numbers only (listing_reviews_rating_check). */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** Review text after trimming, in characters as a person counts them (listing_reviews.content is varchar(500)). */
export const REVIEW_CONTENT_MIN_CHARS = 1;
export const REVIEW_CONTENT_MAX_CHARS = 500;
/** 待评价 and 已评价 lists: page size by default and at most. */
export const MY_REVIEWS_PAGE_SIZE_DEFAULT = 10;
export const MY_REVIEWS_PAGE_SIZE_MAX = 50;

// Free rentals (free orders)
// spec §7 free group: games, create order, list, free count, promotion, orders.
/** Free rentals a signed-in user may start per Shanghai calendar day. */
export const FREE_RENTALS_PER_DAY = 1;
/** The platform's free-play campaign (the promotion banner of /free and free/promotion). */
export const FREE_PROMOTION_TITLE = '每日免费玩';
export const FREE_PROMOTION_TEXT = `每天免费玩${FREE_RENTALS_PER_DAY}次，热门账号免费租1小时起`;
/** The free list: page size by default and at most. */
export const FREE_LIST_PAGE_SIZE_DEFAULT = 20;
export const FREE_LIST_PAGE_SIZE_MAX = 50;
/** A free order for an account without an offer running now (400). */
export const MSG_FREE_OFFER_INACTIVE = '该账号当前没有进行中的免费活动';
/** A free order past the day's allowance (409); cancelled free orders of the day still count. */
export const MSG_FREE_DAILY_LIMIT_REACHED = '今日免费次数已用完，明天再来吧';
/** The tag of a free order on order cards and the /free confirm dialog's button. */
export const FREE_ORDER_TAG = '免费';
export const FREE_ORDER_ACTION = '免费玩';

// Renting and money
// spec §3 order, §4 pay status and early-cancel refund, §6 real name and bound phone, §9 VIP.
/** spec order_status values (features/orders/rules/order-status.ts). */
export const ORDER_STATUS = { unpaid: 1, paying: 2, paid: 3, finished: 4, cancelled: 5 } as const;
/** §4 pay status check: the code /pay-result reads for status 5 and 2; 0 is success, -1 anything else. */
export const PAY_STATUS_CODE = { success: 0, cancelled: 1002, paying: 1001, failed: -1 } as const;
/**
 * §4 early-cancel refund: share of the rental price given back by hours since the start
 * (docs/decisions.md "Early-cancel refund"): up to 2 h 50%, up to 3 h 30%, up to 5 h 10%, beyond 0%.
 */
export const EARLY_CANCEL_REFUND_STEPS = [
  { maxHours: 2, percent: 50 },
  { maxHours: 3, percent: 30 },
  { maxHours: 5, percent: 10 },
] as const;
/** A rental cancelled before it starts gives the whole rental price back. */
export const REFUND_PERCENT_BEFORE_START = 100;
/** An unpaid order keeps its window this long, then is cancelled. */
export const ORDER_PAY_TIMEOUT_MS = 15 * 60_000;
/** How often each process settles orders: unpaid timeouts, finished rentals, deposits, notifies. */
export const ORDER_SWEEP_INTERVAL_MS = 30_000;
/** The demo renter's opening balance (500 yuan). */
export const DEMO_OPENING_BALANCE_FEN = 50_000;
/** Recharge limits per payment. */
export const RECHARGE_MIN_FEN = 100;
export const RECHARGE_MAX_FEN = 5_000_000;
/** Preset recharge amounts on /account/Recharge. */
export const RECHARGE_PRESETS_FEN = [1_000, 5_000, 10_000, 20_000, 50_000, 100_000] as const;
/** Withdrawal limits per request, and withdrawals one user may have pending at once. */
export const WITHDRAW_MIN_FEN = 1_000;
export const WITHDRAW_MAX_FEN = 2_000_000;
export const WITHDRAW_PENDING_MAX = 3;
/** The sandbox payout provider pays a pending withdrawal out after this long. */
export const SANDBOX_WITHDRAW_SETTLE_MS = 2 * 60_000;
/** Renewal of a running rental: at most this many hours in one renewal. */
export const RENEW_MAX_HOURS = 168;
/** Complaints: open complaints one order may have at once. */
export const COMPLAINTS_OPEN_PER_ORDER_MAX = 3;
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
/** Gold coins (docs/decisions.md "Gold coins"): daily sign-in, tasks and what coins buy. */
export const GOLD_SIGN_IN_COINS = 10;
export const GOLD_EXCHANGE_COINS = 100;
/** One exchange gives a no-threshold red envelope worth this much, valid this many days. */
export const GOLD_EXCHANGE_RED_PACKET_FEN = 100;
export const GOLD_EXCHANGE_RED_PACKET_DAYS = 30;
export const GOLD_EXCHANGES_PER_DAY = 5;

// Catalogue order and badges ("Catalogue details seen on the way"; docs/decisions.md
// "推荐 badge"). src/features/catalog/rules/listing-rank.ts and recommended.ts.
/**
 * Availability groups of the hall's default and price sorts, 热租账号 and the shop page, lowest
 * first: 可租 now, then reservable (出租中可预约, or 非可租时段), then the rest (不可租, 维护中).
 */
export const AVAILABILITY_RANK = { bookable: 0, reservable: 1, unavailable: 2 } as const;
/** At most this many cards of one list wear 推荐. */
export const RECOMMENDED_BADGES_PER_LIST = 2;
/** A listing nobody has shown interest in (popularity below this) is never 推荐. */
export const RECOMMENDED_MIN_POPULARITY = 1;

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
/**
 * Exchange-code characters: digits and capitals without the look-alikes 0/O, 1/I/L, so a code read
 * aloud or copied by hand cannot be mistaken (31 characters, about 4.95 bits each).
 */
export const EXCHANGE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Characters of a code (16 × 4.95 ≈ 79 bits: never guessed, even at the rate limits below for years). */
export const EXCHANGE_CODE_LENGTH = 16;
/** Shown in groups of this many, joined by '-' (XXXX-XXXX-XXXX-XXXX); the dashes are not part of the code. */
export const EXCHANGE_CODE_GROUP = 4;
/** Codes one batch may hold. */
export const EXCHANGE_CODE_BATCH_MAX_CODES = 10_000;
/** Redemptions one code may allow (a "public" code printed on a poster allows many). */
export const EXCHANGE_CODE_USES_MAX = 100_000;
/** Codes of one batch one user may redeem, at most. */
export const EXCHANGE_CODE_PER_USER_MAX = 100;
/** Gold coins one code may give, at most. */
export const EXCHANGE_CODE_GOLD_MAX = 100_000;
/** Redemption attempts (right or wrong) per user and per address per window, counted in the database. */
export const EXCHANGE_CODE_ATTEMPTS_PER_USER = 10;
export const EXCHANGE_CODE_ATTEMPTS_PER_IP = 30;
export const EXCHANGE_CODE_ATTEMPT_WINDOW_S = 600;
/** Red-envelope templates: validity in days, how many of one template a user may hold, discount bounds. */
export const RED_PACKET_TEMPLATE_VALID_DAYS_MAX = 365;
export const RED_PACKET_TEMPLATE_PER_USER_MAX = 100;
export const RED_PACKET_TEMPLATE_TOTAL_MAX = 10_000_000;
export const RED_PACKET_TEMPLATE_DISCOUNT_MAX_FEN = 100_000;
export const RED_PACKET_TEMPLATE_MIN_ORDER_MAX_FEN = 1_000_000;
/** Usernames one grant may list. */
export const RED_PACKET_GRANT_USERNAMES_MAX = 1000;

// Customer-service chat (docs/decisions.md "Customer-service chat")
/** The longest text message, in characters (code points). */
export const CHAT_TEXT_MAX_CHARS = 1000;
/** Messages one user may send per window (kept in the database: it holds across processes). */
export const CHAT_USER_MESSAGES_PER_WINDOW = 20;
export const CHAT_USER_RATE_WINDOW_S = 60;
/** The same for one operator: agents type faster and answer many users. */
export const CHAT_AGENT_MESSAGES_PER_WINDOW = 120;
export const CHAT_AGENT_RATE_WINDOW_S = 60;
/** Messages one history page holds by default and at most. */
export const CHAT_PAGE_SIZE_DEFAULT = 30;
export const CHAT_PAGE_SIZE_MAX = 100;
/** Orders the order picker offers (newest first). */
export const CHAT_ORDER_PICKER_MAX = 20;
/** A comment line on every open stream this often, so proxies and load balancers keep it open. */
export const CHAT_STREAM_HEARTBEAT_MS = 20_000;
/** What the stream tells EventSource-style clients to wait before reconnecting. */
export const CHAT_STREAM_RETRY_MS = 3_000;
/** The browser gives up on the stream after this many failures in a row and polls instead. */
export const CHAT_STREAM_FAILURES_BEFORE_POLLING = 3;
/** Polling cadence while the stream is down, and how often it tries the stream again. */
export const CHAT_POLL_MS = 5_000;
export const CHAT_STREAM_RETRY_AFTER_POLLING_MS = 60_000;
/** An agent counts as online while their console stream has been seen this recently. */
export const CHAT_AGENT_ONLINE_WINDOW_MS = 60_000;
/** The floating button's unread badge is refreshed this often while a conversation is open. */
export const CHAT_BADGE_POLL_MS = 30_000;
/** Conversations a console list page holds. */
export const CHAT_OPS_LIST_MAX = 100;

// Complaint arbitration (docs/decisions.md "Complaint arbitration")
/** Images a renter may attach to a complaint as evidence (the owner's answer takes as many). */
export const COMPLAINT_EVIDENCE_IMAGES_MAX = 6;
/** The written decision both sides read: characters (code points), trimmed. */
export const COMPLAINT_DECISION_TEXT_MIN_CHARS = 5;
export const COMPLAINT_DECISION_TEXT_MAX_CHARS = 500;
/** The largest penalty one decision may charge a listing's owner (¥5,000). */
export const COMPLAINT_PENALTY_MAX_FEN = 500_000;
/** Past complaints each party's history shows on the arbitration screen. */
export const COMPLAINT_HISTORY_ROWS = 5;
/** The owner's own looks at a listing's login details count as evidence up to this long after the rental ends. */
export const OWNER_REVEAL_EVIDENCE_AFTER_END_HOURS = 24;

// Markdown content (console, help centre): the limits of what operators write
// and what the one renderer (features/content/server/markdown.ts) lets through.

/** A Markdown body's cap, in characters (code points), for help pages and announcements alike. */
export const MARKDOWN_BODY_MAX_CHARS = 20_000;

/**
 * Shapes whose parse cost grows with the square of their size (micromark): more container markers
 * (`>`, `-`, `1.`) opening one line than this, or more emphasis characters (`*`, `_`) in one body,
 * are refused with a message instead of costing the server seconds. Real pages stay far below.
 */
export const MARKDOWN_MAX_LINE_NESTING = 8;
/** List items and quote levels opened in one body, counted over its lines (the cost of lists grows faster than their length). */
export const MARKDOWN_MAX_CONTAINER_MARKERS = 2_000;
export const MARKDOWN_MAX_EMPHASIS_MARKS = 2_000;

/**
 * The only places an image in Markdown may load from: our own upload store and the static image
 * folders of public/. Anything else (another host, `//host`, `data:`, a relative path) is not
 * shown; its alt text stands in its place.
 */
export const MARKDOWN_IMAGE_PATH_PREFIXES = ['/uploads/', '/covers/', '/banners/', '/brand/'] as const;

/**
 * Prefix of every `id` the renderer writes (headings, footnotes) and of every in-page `#link`, so
 * no `id` in operator content can shadow a global of the page's scripts (DOM clobbering).
 */
export const MARKDOWN_ID_PREFIX = 'md-';

/** How long the console's live preview waits after the last keystroke before it asks the server. */
export const MARKDOWN_PREVIEW_DEBOUNCE_MS = 300;

// Help centre

/** The help types (categories) in the order the help centre lists them; a type not named here comes after, by name. */
export const HELP_TYPES = ['租号指南', '费用与退款', '账号安全'] as const;

/** A help page's slug: its URL segment (/help/<slug>), lower-case ASCII words joined by hyphens. */
export const HELP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HELP_SLUG_MAX_CHARS = 64;
export const HELP_TITLE_MAX_CHARS = 64;
export const HELP_TYPE_MAX_CHARS = 16;
/** A search query's cap; longer input is refused (400), not cut. */
export const HELP_SEARCH_QUERY_MAX_CHARS = 50;
/** At most this many results answer one search; the page says when there were more. */
export const HELP_SEARCH_MAX_RESULTS = 50;
/** Characters of plain text around the first match a search result shows. */
export const HELP_SEARCH_SNIPPET_CHARS = 80;
/** Words of a query that count; a query of more is refused. */
export const HELP_SEARCH_MAX_TERMS = 5;

// Announcements

export const ANNOUNCEMENT_TITLE_MAX_CHARS = 120;
/** Slugs no help page may take: the help centre's own addresses under /help/. */
export const HELP_RESERVED_SLUGS = ['search'] as const;

// Console overview ("The numbers"; docs/decisions.md "Console overview")

/** The overview's default range: this many Shanghai days, ending today. */
export const DASHBOARD_DEFAULT_DAYS = 14;
/** The longest range one overview shows (the queries are measured at this span too). */
export const DASHBOARD_MAX_DAYS = 92;
/** Rows of each ranking (channels, top games, top listings, complaint rates). */
export const DASHBOARD_TOP_N = 10;
/** A seller enters the complaint-rate ranking with at least this many paid rentals in the range. */
export const DASHBOARD_COMPLAINT_MIN_ORDERS = 5;
/** Route names (spec §2) whose page views are the funnel's first step: the halls that list accounts. */
export const DASHBOARD_LISTING_ROUTES = ['zuhao', 'zuhao_game', 'tejia', 'tejia_game'] as const;
/** The funnel's checkout step: the tracked click that opens the order dialog (RentalPicker 立即租号). */
export const DASHBOARD_CHECKOUT_ACTION = 'rent_button';
/**
 * A Shanghai day's events are rolled up (traffic_days) once it has been over this long, so a beacon
 * stamped just before midnight and committed just after is in; until then the day is counted live.
 */
export const TRAFFIC_ROLLUP_SETTLE_MS = 60 * 60_000;
/** Days one housekeeping round rolls up at most, newest first (a first start over years of events backfills over several rounds). */
export const TRAFFIC_ROLLUP_DAYS_PER_ROUND = 100;

// Users and orders in the console

/** The largest single wallet adjustment a finance operator may make: 1,000,000.00 yuan. */
export const OPS_WALLET_ADJUST_MAX_FEN = 100_000_000;
/** The lengths of a timed ban an operator picks from, in days; no length is a ban until lifted. */
export const OPS_BAN_DAY_CHOICES = [1, 3, 7, 30] as const;
/** The length the ban dialog preselects (one of OPS_BAN_DAY_CHOICES). */
export const OPS_BAN_DEFAULT_DAYS: (typeof OPS_BAN_DAY_CHOICES)[number] = 7;
/** Rows of a user's recent orders and ledger on the console's user detail. */
export const OPS_USER_RECENT_ROWS = 10;

// ---------------------------------------------------------------------------------------------
// Withdrawal review and finance reports (the finance console)

/** Default of setting withdrawal.review: a withdrawal above ¥100 waits for a finance operator. */
export const WITHDRAW_REVIEW_ABOVE_FEN = 10_000;
/** The highest review threshold an operator may set (¥10,000,000). */
export const WITHDRAW_REVIEW_ABOVE_MAX_FEN = 1_000_000_000;
/** The longest date range the daily report spans (the days are paged, the range is capped). */
export const FINANCE_REPORT_MAX_DAYS = 366;
/** Days the daily report shows when no range is given (today and the days before). */
export const FINANCE_REPORT_DEFAULT_DAYS = 30;
/** Rows of the daily report's CSV export at most (the capped range). */
export const FINANCE_CSV_MAX_ROWS = FINANCE_REPORT_MAX_DAYS;

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
/** Submissions per client IP per hour, and per phone per day. */
export const INVEST_PER_IP_PER_HOUR = 5;
export const INVEST_PER_PHONE_PER_DAY = 3;

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
/** Signed-in devices (session tokens) the settings page lists, newest use first. */
export const ACCOUNT_DEVICES_MAX = 50;

// Footprints, similar accounts, credit and deregistration

/** 我的足迹 keeps views this many days; housekeeping deletes older ones. */
export const FOOTPRINT_KEEP_DAYS = 90;
export const FOOTPRINT_PAGE_SIZE_DEFAULT = 20;
export const FOOTPRINT_PAGE_SIZE_MAX = 50;
/** 找相似: accounts per page, and how far the price may stray from the given account's (±50%). */
export const BESIMILAR_PAGE_SIZE_MAX = 24;
export const BESIMILAR_PRICE_BAND_PERCENT = 50;
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

// Invitations and activities (推广 account_extension, /activity/newuser_ranking, free_order, lottery)

/** Gold coins the inviter gets when an invitee's first paid rental ends (once per invitee). */
export const INVITE_REWARD_COINS = 200;
/** IP burst: of one inviter's invitees registered from one address within this window ... */
export const INVITE_IP_BURST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** ... only this many pay; the next ones are refused as a burst. */
export const INVITE_IP_BURST_MAX = 3;
/** Why an invitation did not pay (invitations.refuse_reason) and how the page says it. */
export const INVITE_REFUSALS = { same_phone: '同一手机号', same_device: '同一设备', ip_burst: '同一网络短时大量注册' } as const;
/** The new-user activity: its key (lottery prizes and chances) and the prizes by rank, in gold coins. */
export const NEWUSER_ACTIVITY = 'newuser_ranking';
export const NEWUSER_RANKING_PRIZES = [
  { fromRank: 1, toRank: 1, coins: 5000 },
  { fromRank: 2, toRank: 2, coins: 3000 },
  { fromRank: 3, toRank: 3, coins: 2000 },
  { fromRank: 4, toRank: 10, coins: 500 },
] as const;
/** Rows the ranking shows. */
export const NEWUSER_RANKING_SIZE = 20;
/**
 * Days after a ranking window ends before its prizes are paid: the window's last invitations count
 * once the invitee's first paid rental has ended (a rental is at most days long).
 */
export const NEWUSER_RANKING_PRIZE_DELAY_DAYS = 7;
/** Draw chances: one per rewarded invitation (to the inviter), one for registering with an invite code (to the new user). */
export const LOTTERY_CHANCE_SOURCES = { invite: 'invite', register: 'register' } as const;
export const MSG_NO_DRAW_CHANCE = '暂无抽奖机会';
/** /activity/free_order: a user is new for this many days after registering (and until their first rental). */
export const FREE_ORDER_NEW_USER_DAYS = 7;
