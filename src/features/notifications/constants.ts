/**
 * The notifications feature's constants (the spec's numbers and the limits we chose, see
 * docs/decisions.md): only this feature uses them. Shared ones stay in
 * platform/config/constants.ts. Units are in the names: _MS, _S, _FEN.
 */

// §9 polling and reporting
export const NOTIFICATION_POLL_MS = 15_000;
export const NOTIFICATION_POPUP_AUTO_CLOSE_MS = 10_000;
/**
 * A popup counts as seen (its id stays in popedIdArr) once it has been on screen this long; one the
 * page left sooner (the answer came as the visitor moved on) shows again on the next page. Ours.
 */
export const NOTIFICATION_POPUP_SEEN_MS = 1_000;
/**
 * A popup due while the page's marks are still to come (rules/page-shows.ts SHOWS_PENDING_ATTR)
 * waits for them, looking again this often, for at most this long: a list that never loads must not
 * hold popups back for good. Ours.
 */
export const NOTIFICATION_PAGE_MARKS_RETRY_MS = 200;
export const NOTIFICATION_PAGE_MARKS_WAIT_MS = 5_000;
