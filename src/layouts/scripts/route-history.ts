/**
 * The previous page's route name in this tab (spec §2 "entering tejia from another named route"
 * on a multi-page site): kept in sessionStorage, so it is per tab and gone with it. A reload is a
 * fresh entry, as a single-page app's start is (no previous route).
 */
const PREVIOUS_ROUTE_KEY = 'prevRouteName';

/** The route name of the page before this one (null on a fresh entry or a reload); records this one. */
export function enterRoute(current: string): string | null {
  try {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const previous = navigation?.type === 'reload' ? null : sessionStorage.getItem(PREVIOUS_ROUTE_KEY);
    sessionStorage.setItem(PREVIOUS_ROUTE_KEY, current);
    return previous;
  } catch {
    return null;
  }
}
