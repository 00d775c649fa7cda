/**
 * Which pages the page cache keeps, and the middleware step that serves and fills it (issue 3).
 * Only GET requests for catalogue and content routes that answer 200 with HTML are kept; the key
 * holds the brand, because the same URL renders another title and logo on another host.
 */
import type { MiddlewareHandler } from 'astro';
import { matchRoute } from '../lib/rules/routing';
import { getDb } from './db/client';
import { log } from './log';
import { PageCache } from './page-cache';
import { getCatalogVersion } from './services/catalog-version';

/** Route names whose HTML is the same for every visitor of a URL. */
const CACHEABLE_ROUTES: ReadonlySet<string> = new Set([
  'home',
  'zuhao',
  'zuhao_game',
  'detail',
  'tejia',
  'tejia_game',
  'free',
  'dianpu',
  'svip',
  'Notice',
  'NoticeDetail',
  'help',
  'ContactUs',
  'download',
]);

/**
 * Ten seconds bounds what time alone changes on a page (bookable-now by rental_time, slot windows);
 * catalogue changes are caught sooner by the version.
 */
export const PAGE_CACHE_TTL_MS = 10_000;
export const PAGE_CACHE_MAX_ENTRIES = 2_000;

const cache = new PageCache(PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_TTL_MS);

export const servePageCache: MiddlewareHandler = async (context, next) => {
  if (context.request.method !== 'GET' || !CACHEABLE_ROUTES.has(matchRoute(context.url.pathname).route.name)) return next();

  let version: number;
  try {
    version = await getCatalogVersion(await getDb());
  } catch (error) {
    log.warn('page cache bypassed: catalogue version unavailable', { error: error instanceof Error ? error.message : String(error) });
    return next();
  }
  const key = `${context.locals.brand.id} ${context.url.pathname}${context.url.search}`;
  const hit = cache.get(key, version, Date.now());
  if (hit) return new Response(hit.body, { status: hit.status, headers: [...hit.headers, ['x-page-cache', 'hit']] });

  const response = await next();
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const body = await response.arrayBuffer();
  const headers = [...response.headers.entries()];
  cache.set(key, { status: 200, headers, body, version, storedAtMs: Date.now() });
  return new Response(body, { status: 200, headers: [...headers, ['x-page-cache', 'miss']] });
};
