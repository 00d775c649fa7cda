import { FLOAT_HIDDEN_ROUTE_NAMES, ROUTES, routeByName, type RouteDef } from '../routes';

/** Spec §2: the document title is the environment title, a dash, then the route title. */
export function documentTitle(brandTitle: string, routeTitle: string): string {
  return `${brandTitle} - ${routeTitle}`;
}

/** Spec §2: floating buttons are hidden on the listed route names and on routes whose meta hides them. */
export function isFloatHidden(route: Pick<RouteDef, 'name' | 'meta'>): boolean {
  return FLOAT_HIDDEN_ROUTE_NAMES.has(route.name) || route.meta.hideFloat === true;
}

/** Spec §2: a path containing index.html goes to home. */
export function redirectsHome(pathname: string): boolean {
  return pathname.includes('index.html');
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((segment) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]+)/g, '(?<$1>[^/]+?)'))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

const MATCHERS = ROUTES.map((route) => ({ route, regexp: patternToRegExp(route.path) }));

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

/** Spec §2: an unknown route goes to the route named 404. */
export function matchRoute(pathname: string): RouteMatch {
  for (const { route, regexp } of MATCHERS) {
    const found = regexp.exec(pathname);
    if (found) return { route, params: { ...found.groups } };
  }
  return { route: routeByName('404'), params: {} };
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
