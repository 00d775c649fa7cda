/**
 * A short-lived cache of rendered catalogue pages. Server-rendered HTML carries no
 * per-user data (the token lives in the browser), so one URL renders the same for every visitor
 * of a brand. An entry is served only while the catalogue version it was rendered under is still
 * current and it is younger than its time-to-live: a listing that is rented bumps the version
 * (database triggers), so no visitor sees it as free, on any process.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ifNoneMatchHits, NOT_MODIFIED_DROPS, pickEncoding, weakEtag, type ContentCoding, type HttpAnswer } from '~/platform/edge/http-cache';

export interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: ArrayBuffer;
  /** Catalogue version read before the page was rendered. */
  version: number;
  storedAtMs: number;
  /** Weak validator of the body, computed once when stored (see http-cache.ts). */
  etag: string;
  /** The body compressed once, on first demand (see encodedBody below). */
  br?: Uint8Array;
  gzip?: Uint8Array;
}

/** A page as stored: its ETag computed here, once, not per answer. */
export function storedPage(status: number, headers: Array<[string, string]>, body: ArrayBuffer, version: number, storedAtMs: number): CachedPage {
  return { status, headers, body, version, storedAtMs, etag: weakEtag(body) };
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
  ) {}

  /** The entry for key if it was rendered under `version` and is still fresh; refreshes its LRU place. */
  get(key: string, version: number, nowMs: number): CachedPage | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.version !== version || nowMs - entry.storedAtMs >= this.ttlMs) {
      this.#entries.delete(key);
      return null;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  /** Whether an entry is kept for key, current or not (no version needed to ask). */
  has(key: string): boolean {
    return this.#entries.has(key);
  }

  set(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#entries.set(key, page);
    // Map keeps insertion order: the first key is the least recently used.
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** What of a request decides the answer. */
export interface PageAsk {
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

/**
 * nginx's own "you may store this until": an absolute time in whole seconds (`@` epoch). Only
 * answers carrying it are stored by nginx's page cache (deploy/nginx/zuhao.conf.template), and
 * nginx never passes it on to the browser.
 */
export const EDGE_EXPIRES_HEADER = 'x-accel-expires';

/** The header's value: rounded down, so nginx's copy never outlives this process's entry. */
export function edgeExpiresValue(freshUntilMs: number): string {
  return `@${Math.floor(freshUntilMs / 1000)}`;
}

/**
 * The answer for a request that found `page`, the same whether the Astro middleware (a Response)
 * or the server entry (node's response) writes it: 304 when If-None-Match names its ETag, else the
 * body in the encoding the client accepts, with every header the page was rendered with (its
 * Content-Security-Policy among them). `edgeFreshUntilMs`, when not null, lets nginx keep the
 * answer until then (only when nginx keys its cache on the catalogue version, edge-version.ts).
 */
export function answerPage(page: CachedPage, ask: PageAsk, state: 'hit' | 'miss', edgeFreshUntilMs: number | null = null): HttpAnswer {
  const headers: Array<[string, string]> = [];
  let vary = 'Accept-Encoding';
  for (const [name, value] of page.headers) {
    const lower = name.toLowerCase();
    if (lower === 'vary') vary = `${value}, ${vary}`;
    else if (lower !== 'content-length' && lower !== 'content-encoding' && lower !== 'etag') headers.push([name, value]);
  }
  headers.push(['vary', vary], ['etag', page.etag], ['x-page-cache', state]);
  if (edgeFreshUntilMs !== null) headers.push([EDGE_EXPIRES_HEADER, edgeExpiresValue(edgeFreshUntilMs)]);
  if (ifNoneMatchHits(ask.ifNoneMatch, page.etag)) {
    return { status: 304, headers: headers.filter(([name]) => !NOT_MODIFIED_DROPS.has(name.toLowerCase())), body: null };
  }
  const encoding = pickEncoding(ask.acceptEncoding);
  const body = encodedBody(page, encoding);
  if (encoding) headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(body.byteLength)]);
  return { status: page.status, headers, body };
}

/**
 * A cached page compresses once per encoding, at a higher brotli quality than per-request
 * compression can afford; the server entry's compression skips a response that is already encoded.
 */
function encodedBody(page: CachedPage, encoding: ContentCoding | null): Uint8Array {
  const bytes = new Uint8Array(page.body);
  if (encoding === null) return bytes;
  if (encoding === 'br') {
    page.br ??= brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } });
    return page.br;
  }
  page.gzip ??= gzipSync(bytes, { level: 9 });
  return page.gzip;
}
