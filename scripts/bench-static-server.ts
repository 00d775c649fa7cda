/**
 * The "as fast as this machine serves those bytes" baseline of scripts/bench-instant.ts: a plain
 * node:http server that answers from memory only. It runs in its own process (forked by
 * bench-instant.ts, like the app) so the load generator does not share its event loop.
 *
 * - The saved pages: the exact bytes and headers the app answered for each Accept-Encoding it was
 *   asked with (br, gzip, identity), picked by the request's Accept-Encoding.
 * - Every other path: the file of dist/client, read once at start. A compressible file is served
 *   from its .br/.gz sibling when the build wrote one, else compressed here once at start (brotli
 *   quality 11, gzip level 9), so the baseline is precompressed whether or not the build is.
 *
 * Protocol (IPC, advanced serialization): the parent sends one StaticServerSetup, the child answers
 * { type: 'ready', files } once listening; on { type: 'report' } it answers { type: 'report',
 * notFound } (paths answered 404, with counts). Runs on Node 24 with type stripping: no
 * TypeScript-only syntax here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

export interface SavedResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Uint8Array;
}

export interface SavedPage {
  path: string;
  /** What the app answered when asked with only that Accept-Encoding. */
  variants: Record<Encoding, SavedResponse>;
}

export interface StaticServerSetup {
  type: 'setup';
  port: number;
  clientDir: string;
  pages: SavedPage[];
}

interface FileEntry {
  headers: Record<string, string>;
  bodies: Partial<Record<Encoding, Buffer>>;
}

const COMPRESS_MIN_BYTES = 1024; // the app's compression threshold
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.json', '.webmanifest', '.txt', '.xml', '.svg']);

/** The best encoding the request accepts among those on offer (br, then gzip, then none). */
export function pickEncoding(acceptEncoding: string | undefined, offered: Partial<Record<Encoding, unknown>>): Encoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (offered.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (offered.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...listFiles(full));
    else files.push(full);
  }
  return files;
}

/** Every file of `clientDir` by URL path, with its compressed bodies. */
function loadFiles(clientDir: string): Map<string, FileEntry> {
  const files = new Map<string, FileEntry>();
  for (const file of listFiles(clientDir)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue; // served as a variant of its original
    const urlPath = '/' + path.relative(clientDir, file).split(path.sep).join('/');
    const extension = path.extname(file).toLowerCase();
    const identity = readFileSync(file);
    const bodies: Partial<Record<Encoding, Buffer>> = { identity };
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'cache-control': urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    };
    if (COMPRESSIBLE.has(extension) && identity.length >= COMPRESS_MIN_BYTES) {
      headers.vary = 'Accept-Encoding';
      bodies.br = existsSync(`${file}.br`)
        ? readFileSync(`${file}.br`)
        : brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } });
      bodies.gzip = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(identity, { level: 9 });
    }
    files.set(urlPath, { headers, bodies });
  }
  return files;
}

function start(setup: StaticServerSetup): void {
  const files = loadFiles(setup.clientDir);
  const pages = new Map(setup.pages.map((page) => [page.path, page]));
  const notFound = new Map<string, number>();
  const server = http.createServer((req, res) => {
    let urlPath = (req.url ?? '/').split('?')[0]!;
    try {
      urlPath = decodeURIComponent(urlPath);
    } catch {
      // a malformed escape: look the raw path up (it will be a 404)
    }
    const page = pages.get(urlPath);
    if (page) {
      const saved = page.variants[pickEncoding(req.headers['accept-encoding'], page.variants)];
      res.writeHead(saved.status, { ...saved.headers, 'content-length': String(saved.body.byteLength) });
      res.end(saved.body);
      return;
    }
    const file = files.get(urlPath);
    if (!file) {
      notFound.set(urlPath, (notFound.get(urlPath) ?? 0) + 1);
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': '9' });
      res.end('not found');
      return;
    }
    const encoding = pickEncoding(req.headers['accept-encoding'], file.bodies);
    const body = file.bodies[encoding]!;
    res.writeHead(200, {
      ...file.headers,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': String(body.length),
    });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(setup.port, '127.0.0.1', () => process.send?.({ type: 'ready', files: files.size }));
  process.on('message', (message: { type: string }) => {
    if (message.type === 'report') process.send?.({ type: 'report', notFound: Object.fromEntries(notFound) });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.send) {
  process.once('message', (message: StaticServerSetup) => {
    try {
      start(message);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  });
}
