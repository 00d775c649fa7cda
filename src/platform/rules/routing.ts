/**
 * Spec §2 navigation rules that need no route table: rules import nothing app-specific, so what
 * reads the table (matching a path, the floating-button rule) lives beside it in src/platform/config/routes.ts.
 */

/** Spec §2: the document title is the environment title, a dash, then the route title. */
export function documentTitle(brandTitle: string, routeTitle: string): string {
  return `${brandTitle} - ${routeTitle}`;
}

/** Spec §2: a path containing index.html goes to home. */
export function redirectsHome(pathname: string): boolean {
  return pathname.includes('index.html');
}

/** Spec §2: entering tejia from another named route runs the ad popup check. */
export function runsAdPopupCheck(to: string, from: string | null): boolean {
  return to.startsWith('tejia') && from !== null && from !== to;
}

/** Spec §2: entering home, or a zuhao route from a route not containing zuhao, runs the emergency notice check. */
export function runsEmergencyNoticeCheck(to: string, from: string | null): boolean {
  if (to === 'home') return true;
  return to.includes('zuhao') && !(from ?? '').includes('zuhao');
}
