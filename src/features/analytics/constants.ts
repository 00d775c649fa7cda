/**
 * The analytics feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

export const ACTIVITY_REPORT_INTERVAL_MS = 60_000;
export const HIDDEN_PAGE_SAVE_MS = 5 * 60_000;
export const CONVERSION_TYPE = 6;
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
