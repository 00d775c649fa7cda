/**
 * Which pages the page cache keeps, and the middleware step that serves and fills it (issue 3).
 * Only GET requests for routes whose meta says `cacheable` that answer 200 with HTML are kept; the key
 * holds the brand, because the same URL renders another title and logo on another host.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'astro';
import { matchRoute } from '../lib/routes';
import { requireDb } from './request-context';
import { log } from './log';
import { PageCache, type CachedPage } from './page-cache';
import { getCatalogVersion } from './services/catalog-version';

/**
 * Ten seconds bounds what time alone changes on a page (bookable-now by rental_time, slot windows);
 * catalogue changes are caught sooner by the version.
 */
export const PAGE_CACHE_TTL_MS = 10_000;
export const PAGE_CACHE_MAX_ENTRIES = 2_000;

const cache = new PageCache(PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_TTL_MS);

/** The encoding to answer with: brotli, then gzip, else none (q-values are not weighed). */
export function pickEncoding(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * A cached page compresses once per encoding, at a higher brotli quality than per-request
 * compression can afford; the server entry's compression skips a response that is already encoded.
 */
function encodedBody(page: CachedPage, encoding: 'br' | 'gzip' | null): ArrayBuffer | Uint8Array {
  if (encoding === null) return page.body;
  const bytes = new Uint8Array(page.body);
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } });
    return page.br;
  }
  page.gzip ??= gzipSync(bytes, { level: 9 });
  return page.gzip;
}

function cachedResponse(page: CachedPage, acceptEncoding: string | null, state: 'hit' | 'miss'): Response {
  const encoding = pickEncoding(acceptEncoding);
  const headers = new Headers(page.headers);
  headers.set('x-page-cache', state);
  headers.append('vary', 'Accept-Encoding');
  if (encoding) headers.set('content-encoding', encoding);
  headers.delete('content-length');
  return new Response(encodedBody(page, encoding) as BodyInit, { status: page.status, headers });
}

export const servePageCache: MiddlewareHandler = async (context, next) => {
  if (context.request.method !== 'GET' || !matchRoute(context.url.pathname).route.meta.cacheable) return next();

  let version: number;
  try {
    version = await getCatalogVersion(requireDb(context.locals));
  } catch (error) {
    log.warn('page cache bypassed: catalogue version unavailable', { error: error instanceof Error ? error.message : String(error) });
    return next();
  }
  const key = `${context.locals.brand.id} ${context.url.pathname}${context.url.search}`;
  const acceptEncoding = context.request.headers.get('accept-encoding');
  const hit = cache.get(key, version, Date.now());
  if (hit) return cachedResponse(hit, acceptEncoding, 'hit');

  const response = await next();
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  const page: CachedPage = { status: 200, headers: [...response.headers.entries()], body: await response.arrayBuffer(), version, storedAtMs: Date.now() };
  cache.set(key, page);
  return cachedResponse(page, acceptEncoding, 'miss');
};
