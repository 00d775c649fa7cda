/**
 * The chat feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// Customer-service chat (docs/decisions.md "Customer-service chat")
/** The longest text message, in characters (code points). */
export const CHAT_TEXT_MAX_CHARS = 1000;
/** Messages one user may send per window (kept in the database: it holds across processes). */
export const CHAT_USER_MESSAGES_PER_WINDOW = 20;
export const CHAT_USER_RATE_WINDOW_S = 60;
/**
 * Visitors (no sign-in; docs/decisions.md "Visitors reach customer service"): the same per-visitor
 * rate as a user, and one per address over every visitor it holds, since a visitor can mint new
 * ids. Per-address limits are multiplied by IP_RATE_LIMIT_FACTOR (many users behind one NAT).
 */
export const CHAT_VISITOR_MESSAGES_PER_WINDOW = CHAT_USER_MESSAGES_PER_WINDOW;
export const CHAT_VISITOR_RATE_WINDOW_S = CHAT_USER_RATE_WINDOW_S;
export const CHAT_VISITOR_IP_MESSAGES_PER_WINDOW = 40;
export const CHAT_VISITOR_IP_RATE_WINDOW_S = 60;
/** New visitor ids one address may mint per window. */
export const CHAT_VISITOR_MINTS_PER_IP = 10;
export const CHAT_VISITOR_MINT_WINDOW_S = 3600;
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
