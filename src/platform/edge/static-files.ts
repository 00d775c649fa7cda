/**
 * The build's static files (dist/client), answered by the server entry from memory:
 * Astro's static handler reads the disk and compresses every answer again, which made a hashed
 * `/_astro/` script the slowest thing the site serves. scripts/precompress.ts writes `.br` and
 * `.gz` beside each compressible file at build time; here the variant the client accepts is sent
 * as it is, with a weak ETag and 304 on If-None-Match.
 *
 * Only files found in an index of dist/client (taken on the first request) are ever served: a
 * request path is turned into an index key, never into a file name, so no path can reach outside
 * the folder. Anything not in the index (pages, 404s, files above the size cap, a Range request)
 * falls through to Astro.
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { ifNoneMatchHits, NOT_MODIFIED_DROPS, pickEncoding, weakEtag, writeAnswer, type ContentCoding, type HttpAnswer } from '~/platform/edge/http-cache';

/** Files above this stay on disk and are left to Astro's handler, which streams them. */
export const STATIC_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** Content types by extension; a file of another extension is left to Astro. */
export const STATIC_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** The suffix scripts/precompress.ts gives each encoding's copy. */
const VARIANT_SUFFIX: Readonly<Record<ContentCoding, string>> = { br: '.br', gzip: '.gz' };

/**
 * The index key of a request path (query already cut off), or null when the path cannot name a
 * file of the folder: not absolute, an encoded slash, backslash or NUL, a segment that is empty,
 * `.`, `..` or a dot-file, or bad percent-encoding. Keys are decoded paths such as `/_astro/a.js`.
 */
export function staticRequestKey(rawPath: string): string | null {
  if (!rawPath.startsWith('/') || rawPath.includes('\\') || rawPath.includes('\0')) return null;
  if (/%(2f|5c|00)/i.test(rawPath)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.slice(1).split('/');
  // A dot-segment (`.`, `..`, also when percent-encoded) or a hidden file is never a build file.
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  return `/${segments.join('/')}`;
}

/** A file of the index: where it lies and which precompressed copies lie beside it. */
export interface IndexedFile {
  filePath: string;
  contentType: string;
  variants: ContentCoding[];
}

/**
 * Every servable file under `clientDir` by key. Skips the precompressed copies themselves,
 * dot-files, symbolic links, unknown extensions, files over the cap and any path holding
 * `index.html` (spec §2: such a path redirects home, which Astro's middleware does).
 */
export function indexStaticFiles(clientDir: string): Map<string, IndexedFile> {
  const index = new Map<string, IndexedFile>();
  let entries;
  try {
    entries = readdirSync(clientDir, { recursive: true, withFileTypes: true });
  } catch {
    return index; // no client folder (a build without assets): everything goes to Astro
  }
  const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)));
  for (const filePath of names) {
    const contentType = STATIC_CONTENT_TYPES[path.extname(filePath).toLowerCase()];
    if (!contentType) continue;
    const key = `/${path.relative(clientDir, filePath).split(path.sep).join('/')}`;
    if (staticRequestKey(encodeURI(key)) !== key || key.includes('index.html')) continue;
    const stat = statSync(filePath);
    if (stat.size > STATIC_FILE_MAX_BYTES) continue;
    // A copy older than its file was made from an earlier version of it: never send that one.
    const variants = (['br', 'gzip'] as const).filter(
      (coding) => names.has(filePath + VARIANT_SUFFIX[coding]) && statSync(filePath + VARIANT_SUFFIX[coding]).mtimeMs >= stat.mtimeMs,
    );
    index.set(key, { filePath, contentType, variants });
  }
  return index;
}

/** A file held in memory with its precompressed copies. */
export interface LoadedFile {
  contentType: string;
  cacheControl: string | null;
  etag: string;
  identity: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
}

/** What of a request decides the answer. */
export interface StaticAsk {
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

/** The answer for a file: 304 on a matching If-None-Match, else the copy the client accepts. */
export function answerStaticFile(file: LoadedFile, ask: StaticAsk): HttpAnswer {
  const available = (['br', 'gzip'] as const).filter((coding) => file[coding] !== undefined);
  const headers: Array<[string, string]> = [['content-type', file.contentType], ['etag', file.etag]];
  if (file.cacheControl) headers.push(['cache-control', file.cacheControl]);
  if (available.length > 0) headers.push(['vary', 'Accept-Encoding']);
  if (ifNoneMatchHits(ask.ifNoneMatch, file.etag)) {
    return { status: 304, headers: headers.filter(([name]) => !NOT_MODIFIED_DROPS.has(name)), body: null };
  }
  const encoding = pickEncoding(ask.acceptEncoding, available);
  const body = encoding ? file[encoding]! : file.identity;
  if (encoding) headers.push(['content-encoding', encoding]);
  headers.push(['content-length', String(body.byteLength)]);
  return { status: 200, headers, body };
}

/** dist/client served from memory; one per process, made by the server entry. */
export class StaticFiles {
  #index: Map<string, IndexedFile> | null = null;
  readonly #loaded = new Map<string, LoadedFile | Promise<LoadedFile | null>>();

  constructor(
    readonly clientDir: string,
    readonly cacheControlFor: (urlPath: string) => string | null,
  ) {}

  /** The file a request path names, loaded; null when it is not one of ours (or vanished). */
  async resolve(rawPath: string): Promise<LoadedFile | null> {
    const key = staticRequestKey(rawPath);
    if (key === null) return null;
    this.#index ??= indexStaticFiles(this.clientDir);
    const indexed = this.#index.get(key);
    if (!indexed) return null;
    let loaded = this.#loaded.get(key);
    if (!loaded) {
      loaded = this.#load(key, indexed);
      this.#loaded.set(key, loaded);
    }
    return loaded;
  }

  /** Answers a GET or HEAD for a file of the folder and returns true; false (nothing written) otherwise. */
  async serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (req.headers.range !== undefined) return false; // ranges are Astro's (send) to answer
    const rawUrl = req.url ?? '';
    const queryAt = rawUrl.indexOf('?');
    const file = await this.resolve(queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt));
    if (!file) return false;
    const ask = { acceptEncoding: req.headers['accept-encoding'], ifNoneMatch: req.headers['if-none-match'] };
    writeAnswer(res, answerStaticFile(file, ask), req.method === 'HEAD');
    return true;
  }

  async #load(key: string, indexed: IndexedFile): Promise<LoadedFile | null> {
    try {
      const identity = await readFile(indexed.filePath);
      const file: LoadedFile = {
        contentType: indexed.contentType,
        cacheControl: this.cacheControlFor(key),
        etag: weakEtag(identity),
        identity,
      };
      for (const coding of indexed.variants) {
        const copy = await readFile(indexed.filePath + VARIANT_SUFFIX[coding]);
        if (copy.byteLength < identity.byteLength) file[coding] = copy;
      }
      this.#loaded.set(key, file);
      return file;
    } catch {
      this.#loaded.delete(key);
      return null;
    }
  }
}
