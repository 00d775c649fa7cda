/**
 * A GET of a public endpoint (no token, no session, no retry after sign-in, failures silent)
 * without the full API client: the detail page's look counter needs nothing more, and leaving
 * ofetch and the client out of the first load keeps the detail page 10 KB under its JavaScript
 * budget. Anything that needs the token, signing or the spec §8 error toasts uses
 * client.ts.
 */
import { API_PREFIX, CODE_SUCCESS, REQUEST_TIMEOUT_MS } from '~/platform/config/constants';
import { baseFromDocument } from '~/platform/client/base-url';
import type { Route } from '~/platform/wire/route';

async function publicGet<T>(path: string, params: Record<string, string | number>, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const response = await fetch(`${baseFromDocument()}${API_PREFIX}${path}?${query}`, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    headers: { accept: 'application/json' },
  });
  const body: unknown = await response.json();
  if (!response.ok || typeof body !== 'object' || body === null || (body as { code?: unknown }).code !== CODE_SUCCESS) {
    throw new Error(`GET ${path} answered ${response.status}`);
  }
  return (body as { data: T }).data;
}

/** GETs a declared public route (no path parameters) with the light client above. */
export function callPublic<In extends Record<string, string | number>, Out>(route: Route<In, Out, 'GET'>, input: In, signal?: AbortSignal): Promise<Out> {
  return publicGet<Out>(route.path, input, signal);
}
