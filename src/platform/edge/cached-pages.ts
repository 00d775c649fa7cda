/**
 * Which pages the page cache keeps, and the middleware step that serves and fills it.
 * Only GET requests for routes whose meta says `cacheable` that answer 200 with HTML are kept; the key
 * holds the brand, because the same URL renders another title and logo on another host.
 *
 * The server entry answers hits itself before Astro (page-fast-path.ts) from the same module
 * instance: one cache per process, filled here, read there.
 */
import type { MiddlewareHandler } from 'astro';
import { matchRoute } from '~/platform/config/routes';
import type { BrandId } from '~/platform/rules/brand';
import type { Db } from '~/platform/db/client';
import { requireDb } from '~/platform/http/request-context';
import { log } from '~/platform/config/log';
import type { HttpAnswer } from '~/platform/edge/http-cache';
import { answerPage, PageCache, storedPage, type CachedPage } from '~/platform/edge/page-cache';
import { coalesceReads, type CoalescedRead } from '~/platform/edge/read-coalescer';
import { getCatalogVersion } from '~/platform/edge/catalog-version';
import { watchedCatalogVersion } from '~/platform/edge/catalog-version-watch';
import { edgeVersionPublished, publishEdgeVersion } from '~/platform/edge/edge-version';

/**
 * Ten seconds bounds what time alone changes on a page (bookable-now by rental_time, slot windows);
 * catalogue changes are caught sooner by the version.
 */
export const PAGE_CACHE_TTL_MS = 10_000;
export const PAGE_CACHE_MAX_ENTRIES = 2_000;

interface PageCacheState {
  cache: PageCache;
  /** One coalesced catalogue-version reader per database handle. */
  versionReaders: WeakMap<Db, CoalescedRead<number>>;
  /** Renders running now, by version and key; each settles with the page it stored, or null. */
  rendering: Map<string, Promise<CachedPage | null>>;
}

const STATE: PageCacheState = { cache: new PageCache(PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_TTL_MS), versionReaders: new WeakMap(), rendering: new Map() };

function pageCacheState(): PageCacheState {
  return STATE;
}

/** The process's page cache, shared by the Astro middleware and the server entry. */
export function sharedPageCache(): PageCache {
  return pageCacheState().cache;
}

/**
 * The catalogue version as of a read that started after this call (read-coalescer.ts): one
 * database round trip serves every request that arrived while the previous one was running. On
 * the embedded database no read is needed (db/catalog-version-watch.ts). Behind nginx's page cache
 * the version read is published for nginx before it is returned (edge-version.ts), so no page
 * rendered under it reaches nginx while nginx still keys on an older one.
 */
export function readCatalogVersion(db: Db): Promise<number> {
  // The embedded database keeps it in memory, exact to the last finished commit.
  const watched = watchedCatalogVersion(db);
  if (watched !== null) return publishEdgeVersion(watched).then(() => watched);
  const { versionReaders } = pageCacheState();
  let read = versionReaders.get(db);
  if (!read) {
    read = coalesceReads(async () => {
      const version = await getCatalogVersion(db);
      await publishEdgeVersion(version);
      return version;
    });
    versionReaders.set(db, read);
  }
  return read();
}

/**
 * Until when nginx may keep `page` (X-Accel-Expires), or null: only a process that publishes the
 * version nginx keys on lets it store anything, so a process started without EDGE_VERSION_DIR
 * behind a caching nginx leaves nginx nothing to serve stale. The bound is this process's own
 * entry's: nginx's copy adds no age of its own.
 */
export function edgeFreshUntil(page: CachedPage): number | null {
  return edgeVersionPublished() ? page.storedAtMs + PAGE_CACHE_TTL_MS : null;
}

/** The cache key: brand, path and query, as the request named them. */
export function pageCacheKey(brandId: BrandId, url: URL): string {
  return `${brandId} ${url.pathname}${url.search}`;
}

/** Whether a route's pages are kept (route meta `cacheable`). */
export function isCacheablePath(pathname: string): boolean {
  return matchRoute(pathname).route.meta.cacheable === true;
}

function toResponse(answer: HttpAnswer): Response {
  return new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers });
}

export const servePageCache: MiddlewareHandler = async (context, next) => {
  if (context.request.method !== 'GET' || !isCacheablePath(context.url.pathname)) return next();

  let version: number;
  try {
    version = await readCatalogVersion(requireDb(context.locals));
  } catch (error) {
    log.warn('page cache bypassed: catalogue version unavailable', { error: error instanceof Error ? error.message : String(error) });
    return next();
  }
  const { cache, rendering } = pageCacheState();
  const key = pageCacheKey(context.locals.brand.id, context.url);
  const ask = { acceptEncoding: context.request.headers.get('accept-encoding'), ifNoneMatch: context.request.headers.get('if-none-match') };
  const hit = cache.get(key, version, Date.now());
  if (hit) return toResponse(answerPage(hit, ask, 'hit', edgeFreshUntil(hit)));

  // One render per page and version: requests that miss while it runs take its page (as correct
  // as a hit: rendered under the version they read) instead of each rendering it again, which is
  // what every expiry would otherwise cost under load.
  const flight = `${version} ${key}`;
  const running = rendering.get(flight);
  if (running) {
    const rendered = await running;
    return rendered ? toResponse(answerPage(rendered, ask, 'hit', edgeFreshUntil(rendered))) : next();
  }
  let settle!: (page: CachedPage | null) => void;
  rendering.set(flight, new Promise((resolve) => (settle = resolve)));
  let page: CachedPage | null = null;
  try {
    const response = await next();
    if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
    page = storedPage(200, [...response.headers.entries()], await response.arrayBuffer(), version, Date.now());
    cache.set(key, page);
    return toResponse(answerPage(page, ask, 'miss', edgeFreshUntil(page)));
  } finally {
    rendering.delete(flight);
    settle(page);
  }
};
