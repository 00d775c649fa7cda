/**
 * A route of the API, declared once in its feature's `routes.ts`: the method and the path, with the
 * types of what the browser sends and what it gets back. The browser calls `call(route, input)`
 * (platform/client) and the endpoint serves the route (platform/http/serve.ts) with the request and
 * answer schemas its feature's `wire.ts` binds to it, so neither writes the path or a shape again.
 *
 * No zod here: a route is imported by islands, and a module that builds schemas runs them at
 * import, which would put the schema library into every island's chunks.
 */
import { API_PREFIX } from '~/platform/config/constants';

export type RouteMethod = 'GET' | 'POST';

export interface Route<In = unknown, Out = unknown, M extends RouteMethod = RouteMethod> {
  readonly method: M;
  /** Under /api/v1; `:name` marks a path parameter, filled from the input's field of that name. */
  readonly path: string;
  /** Types only: what the browser sends and what the answer's `data` is. */
  readonly types?: { readonly input: In; readonly answer: Out };
  /** The envelope's success code when not §9's 0 (spec §7 QQ init answers code 200). */
  readonly successCode?: number;
}

/** The input type of a route that takes none. */
export type NoInput = Record<string, never>;

/** `route.get<In, Out>('/path')`, `route.post<In, Out>('/path/:id/action')`. */
export const route = {
  get: <In, Out>(path: string, options: { successCode?: number } = {}): Route<In, Out, 'GET'> => ({ method: 'GET', path, ...options }),
  post: <In, Out>(path: string): Route<In, Out, 'POST'> => ({ method: 'POST', path }),
};

const PARAMETER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The path parameters a route names, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(PARAMETER)].map((match) => match[1]!);
}

/**
 * The route's path with its parameters filled in from `input` (URI-encoded), and the rest of the
 * input, which travels as the query (GET) or the JSON body (POST).
 */
export function fillPath(path: string, input: Record<string, unknown> = {}): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(PARAMETER, (_, name: string) => {
    const value = rest[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`route ${path}: missing path parameter ${name}`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/**
 * The URL of a route for what the browser fetches by itself (a CSV export behind a link, an upload
 * posted with fetch): the path parameters filled and the rest as the query, under /api/v1 of the
 * page's own origin.
 */
export function hrefOf<In, Out>(route: Route<In, Out>, input: Partial<Record<keyof In | string, string | number | boolean | null | undefined>> = {}): string {
  const { path, rest } = fillPath(route.path, input as Record<string, unknown>);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== null) query.append(key, String(value));
  const search = query.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}
