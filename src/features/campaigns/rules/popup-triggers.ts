/**
 * spec §2 routing rules that open popups, on a multi-page site: `previous` is the route name of
 * the page the visitor came from in this tab (null on a fresh entry or a reload), `current` the
 * route name of the page being entered (<html data-route>).
 *
 * tejia and tejia_game are the spec's one special-offer route (/tejia.html and
 * /tejia/:game_id?.html), so moving between them is not "entering tejia from another route".
 */
const isTejia = (name: string | null): boolean => name === 'tejia' || name === 'tejia_game';
const isZuhao = (name: string | null): boolean => name !== null && name.includes('zuhao');

/** Entering the special-offer page (where position 1 ads may show). */
export const isSpecialOfferRoute = (name: string): boolean => isTejia(name);

/**
 * "Entering tejia from another named route runs the ad popup check", and entering home.
 */
export function runsAdCheck(previous: string | null, current: string): boolean {
  if (current === 'home') return true;
  return isTejia(current) && previous !== null && !isTejia(previous);
}

/**
 * "Entering home, or a route whose name contains zuhao (coming from a route not containing zuhao),
 * runs the emergency notice check."
 */
export function runsNoticeCheck(previous: string | null, current: string): boolean {
  if (current === 'home') return true;
  return isZuhao(current) && !isZuhao(previous);
}

/** Issue 27: a page view opens at most this many popups (a first visit used to get the notice, then an ad). */
export const POPUPS_PER_PAGE_VIEW_MAX = 1;

export type PopupCheck = 'notice' | 'ad';

/**
 * The checks entering `current` from `previous` runs, in the order they run: the emergency notice
 * (a safety warning) before the ad. The runner stops as soon as POPUPS_PER_PAGE_VIEW_MAX popups
 * have shown; a check it did not reach leaves its records untouched (no count, no popTime), so it
 * runs again on the next page view that calls for it (docs/decisions.md "One popup per page view").
 */
export function popupChecksFor(previous: string | null, current: string): PopupCheck[] {
  const checks: PopupCheck[] = [];
  if (runsNoticeCheck(previous, current)) checks.push('notice');
  if (runsAdCheck(previous, current)) checks.push('ad');
  return checks;
}

