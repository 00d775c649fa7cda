/**
 * The server entry's answer to a page-cache hit: the same cache, key, version and TTL
 * rule as the Astro middleware (cached-pages.ts), without entering Astro's handler. Anything that
 * is not a plain hit (a miss, a request the middleware must refuse or redirect) returns false and
 * goes to Astro, which renders and fills the cache.
 */
import type http from 'node:http';
import { getDb, isDatabaseOpen } from '~/platform/db/client';
import { edgeFreshUntil, isCacheablePath, pageCacheKey, readCatalogVersion, sharedPageCache } from '~/platform/edge/cached-pages';
import { writeAnswer } from '~/platform/edge/http-cache';
import { answerPage } from '~/platform/edge/page-cache';
import { brandForHost } from '~/platform/http/request-context';

/**
 * The URL of a request the entry may answer from the page cache, or null. A NUL in the URL
 * (refused with 400) and a path naming index.html (redirected home, spec §2) are left to the
 * middleware; so is a URL not starting with one slash (`//host/...` would parse as another host).
 */
export function fastPathUrl(method: string | undefined, rawUrl: string | undefined): URL | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  if (!rawUrl || !rawUrl.startsWith('/') || rawUrl.startsWith('//')) return null;
  if (rawUrl.includes('%00') || rawUrl.includes('\0') || rawUrl.includes('index.html')) return null;
  let url: URL;
  try {
    url = new URL(rawUrl, 'http://localhost');
  } catch {
    return null;
  }
  if (url.pathname.includes('index.html') || !isCacheablePath(url.pathname)) return null;
  return url;
}

/** Answers a page-cache hit and returns true; false (nothing written) for anything else. */
export async function answerFromPageCache(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  const url = fastPathUrl(req.method, req.url);
  if (!url || !isDatabaseOpen()) return false;
  const brand = brandForHost(headerValue(req, 'x-forwarded-host'), headerValue(req, 'host'));
  const key = pageCacheKey(brand.id, url);
  const cache = sharedPageCache();
  // Nothing kept for this page: no version read here, the middleware reads one before rendering.
  if (!cache.has(key)) return false;
  let version: number;
  try {
    version = await readCatalogVersion(await getDb());
  } catch {
    return false; // Astro's middleware reads it again and logs why it bypasses the cache
  }
  const page = cache.get(key, version, Date.now());
  if (!page) return false;
  const answer = answerPage(page, { acceptEncoding: headerValue(req, 'accept-encoding'), ifNoneMatch: headerValue(req, 'if-none-match') }, 'hit', edgeFreshUntil(page));
  writeAnswer(res, answer, req.method === 'HEAD');
  return true;
}

function headerValue(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}
