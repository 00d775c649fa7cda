/**
 * The console's flavour of the HTTP client core (core.ts): the same round trip, envelope and
 * ApiError as the site's client (client.ts), but none of the renter's machinery: no Bearer token,
 * no system headers, no 401 queue, no toasts. The console authenticates by its own HttpOnly
 * cookie, so its calls always go to the page's own origin (a PUBLIC_API_BASE on another host would
 * not receive the cookie).
 */
import { API_PREFIX } from '~/platform/config/constants';
import { exchange } from '~/platform/client/core';
import { appendQuery, toFormQuery, type QueryParams } from '~/platform/client/query';
import { fillPath, type Route } from '~/platform/wire/route';

function request<T>(method: 'GET' | 'POST', path: string, init: { body?: Record<string, unknown> | FormData; query?: QueryParams; signal?: AbortSignal }): Promise<T> {
  const base = `${API_PREFIX}/ops${path}`;
  // The page's own origin, never the configurable API host: the cookie goes only there.
  const url = init.query ? appendQuery(base, toFormQuery(init.query)) : base;
  return exchange({ method, url, body: init.body, signal: init.signal }) as Promise<T>;
}

/** GET /api/v1/ops<path>. */
export function opsGet<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
}

/** POST /api/v1/ops<path> with a JSON body. */
export function opsPost<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  return request<T>('POST', path, body === undefined ? {} : { body });
}

/** POST /api/v1/ops<path> with a multipart form (an image upload); the browser sets its boundary. */
export function opsUpload<T>(path: string, form: FormData): Promise<T> {
  return request<T>('POST', path, { body: form });
}

/**
 * Calls a declared console route (its feature's routes.ts, path under /ops): path parameters come
 * from the input's fields of those names; the rest is the query of a GET or the JSON body of a POST.
 */
export function callConsole<In, Out>(route: Route<In, Out>, ...[input, signal]: Partial<In> extends In ? [input?: In, signal?: AbortSignal] : [input: In, signal?: AbortSignal]): Promise<Out> {
  const { path, rest } = fillPath(route.path, (input ?? {}) as Record<string, unknown>);
  const empty = Object.keys(rest).length === 0;
  const url = route.method === 'GET' && !empty ? appendQuery(`${API_PREFIX}${path}`, toFormQuery(rest as QueryParams)) : `${API_PREFIX}${path}`;
  return exchange({ method: route.method, url, body: route.method === 'POST' && !empty ? rest : undefined, signal }) as Promise<Out>;
}

/** POSTs a multipart form (an image upload) to a declared console route; the browser sets its boundary. */
export function uploadConsole<Out>(route: Route<FormData, Out, 'POST'>, form: FormData): Promise<Out> {
  return exchange({ method: 'POST', url: `${API_PREFIX}${route.path}`, body: form }) as Promise<Out>;
}
