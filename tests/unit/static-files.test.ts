import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor } from '~/platform/edge/cache-control';
import { answerStaticFile, indexStaticFiles, STATIC_FILE_MAX_BYTES, staticRequestKey, StaticFiles } from '~/platform/edge/static-files';

const headerOf = (headers: Array<[string, string]>, name: string): string | undefined => headers.find(([key]) => key === name)?.[1];

describe('request path to static file key', () => {
  it.each([
    ['/_astro/client.abc.js', '/_astro/client.abc.js'],
    ['/brand/default.svg', '/brand/default.svg'],
    ['/covers/%E8%B4%A6%E5%8F%B7.svg', '/covers/账号.svg'],
  ])('%s names %s', (raw, key) => {
    expect(staticRequestKey(raw)).toBe(key);
  });

  it.each([
    ['a parent segment', '/_astro/../package.json'],
    ['a leading parent segment', '/../package.json'],
    ['an encoded parent segment', '/%2e%2e/package.json'],
    ['a mixed-case encoded parent segment', '/_astro/%2E%2e/%2e%2E/package.json'],
    ['an encoded slash', '/_astro%2f..%2f..%2fpackage.json'],
    ['an encoded backslash', '/_astro/..%5c..%5cpackage.json'],
    ['a backslash', '/_astro\\..\\package.json'],
    ['an encoded NUL', '/_astro/a.js%00.png'],
    ['a NUL', '/_astro/a.js\0'],
    ['a current-directory segment', '/_astro/./a.js'],
    ['a doubled slash', '//etc/passwd'],
    ['an empty segment', '/_astro//a.js'],
    ['a dot-file', '/.env'],
    ['bad percent-encoding', '/_astro/%E0%A4%A.js'],
    ['a relative path', '_astro/a.js'],
    ['the root', '/'],
  ])('refuses %s (%s)', (_label, raw) => {
    expect(staticRequestKey(raw)).toBeNull();
  });
});

describe('static files of a build', () => {
  let root: string;
  let client: string;
  const BIG_JS = `export const text = ${JSON.stringify('租号大厅 '.repeat(400))};\n`;

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'static-files-'));
    client = path.join(root, 'client');
    mkdirSync(path.join(client, '_astro'), { recursive: true });
    mkdirSync(path.join(client, 'brand'));
    mkdirSync(path.join(client, 'old'));
    writeFileSync(path.join(root, 'package.json'), '{"secret":true}');
    writeFileSync(path.join(client, '_astro', 'hall.abc.js'), BIG_JS);
    writeFileSync(path.join(client, '_astro', 'hall.abc.js.br'), brotliCompressSync(BIG_JS));
    writeFileSync(path.join(client, '_astro', 'hall.abc.js.gz'), gzipSync(BIG_JS));
    writeFileSync(path.join(client, '_astro', 'only-gzip.js'), BIG_JS);
    writeFileSync(path.join(client, '_astro', 'only-gzip.js.gz'), gzipSync(BIG_JS));
    writeFileSync(path.join(client, 'brand', 'default.svg'), '<svg/>');
    // A logo replaced after its copy was written: the copy is of the old logo.
    writeFileSync(path.join(client, 'brand', 'cafe.svg'), `<svg>${' '.repeat(2000)}</svg>`);
    writeFileSync(path.join(client, 'brand', 'cafe.svg.br'), brotliCompressSync('<svg>old</svg>'));
    utimesSync(path.join(client, 'brand', 'cafe.svg.br'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    writeFileSync(path.join(client, 'old', 'index.html'), '<p>old</p>');
    writeFileSync(path.join(client, '.env'), 'SECRET=1');
    writeFileSync(path.join(client, 'unknown.exe'), 'MZ');
    writeFileSync(path.join(client, 'huge.js'), Buffer.alloc(STATIC_FILE_MAX_BYTES + 1, 0x20));
    symlinkSync(path.join(root, 'package.json'), path.join(client, 'linked.json'));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('indexes the servable files with their precompressed copies, and nothing else', () => {
    const index = indexStaticFiles(client);
    expect([...index.keys()].sort()).toEqual(['/_astro/hall.abc.js', '/_astro/only-gzip.js', '/brand/cafe.svg', '/brand/default.svg']);
    expect(index.get('/_astro/hall.abc.js')!.variants).toEqual(['br', 'gzip']);
    expect(index.get('/_astro/only-gzip.js')!.variants).toEqual(['gzip']);
    expect(index.get('/brand/default.svg')!.variants).toEqual([]);
    expect(index.get('/brand/cafe.svg')!.variants, 'a copy older than its file is ignored').toEqual([]);
  });

  it('a traversal never leaves the folder, however it is spelled', async () => {
    const files = new StaticFiles(client, cacheControlFor);
    for (const raw of ['/_astro/../../package.json', '/%2e%2e/package.json', '/_astro/%2e%2e/%2e%2e/package.json', '/..%2fpackage.json', '/linked.json', '/.env']) {
      expect(await files.resolve(raw), raw).toBeNull();
    }
  });

  it('unknown paths, files over the cap and index.html paths are left to Astro', async () => {
    const files = new StaticFiles(client, cacheControlFor);
    expect(await files.resolve('/zuhao.html')).toBeNull();
    expect(await files.resolve('/huge.js')).toBeNull();
    expect(await files.resolve('/old/index.html')).toBeNull();
    expect(await files.resolve('/unknown.exe')).toBeNull();
  });

  it('a hashed asset is immutable and sent in the best copy the client accepts', async () => {
    const file = (await new StaticFiles(client, cacheControlFor).resolve('/_astro/hall.abc.js'))!;
    const br = answerStaticFile(file, { acceptEncoding: 'gzip, deflate, br', ifNoneMatch: undefined });
    expect(br.status).toBe(200);
    expect(headerOf(br.headers, 'content-encoding')).toBe('br');
    expect(headerOf(br.headers, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headerOf(br.headers, 'content-type')).toBe('text/javascript; charset=utf-8');
    expect(headerOf(br.headers, 'vary')).toBe('Accept-Encoding');
    expect(headerOf(br.headers, 'content-length')).toBe(String(brotliCompressSync(BIG_JS).byteLength));

    const gzip = answerStaticFile(file, { acceptEncoding: 'gzip', ifNoneMatch: undefined });
    expect(headerOf(gzip.headers, 'content-encoding')).toBe('gzip');

    const plain = answerStaticFile(file, { acceptEncoding: 'identity', ifNoneMatch: undefined });
    expect(headerOf(plain.headers, 'content-encoding')).toBeUndefined();
    expect(Buffer.from(plain.body!).toString()).toBe(BIG_JS);
  });

  it('a client accepting br gets gzip when only gzip was written', async () => {
    const file = (await new StaticFiles(client, cacheControlFor).resolve('/_astro/only-gzip.js'))!;
    expect(headerOf(answerStaticFile(file, { acceptEncoding: 'br, gzip', ifNoneMatch: undefined }).headers, 'content-encoding')).toBe('gzip');
    expect(headerOf(answerStaticFile(file, { acceptEncoding: 'br', ifNoneMatch: undefined }).headers, 'content-encoding')).toBeUndefined();
  });

  it('a public file keeps the public-files cache rule and no Vary when it has no copies', async () => {
    const file = (await new StaticFiles(client, cacheControlFor).resolve('/brand/default.svg'))!;
    const answer = answerStaticFile(file, { acceptEncoding: 'br', ifNoneMatch: undefined });
    expect(headerOf(answer.headers, 'cache-control')).toBe('public, max-age=3600');
    expect(headerOf(answer.headers, 'content-type')).toBe('image/svg+xml');
    expect(headerOf(answer.headers, 'vary')).toBeUndefined();
    expect(headerOf(answer.headers, 'content-encoding')).toBeUndefined();
  });

  it('answers 304 to the ETag it sent, whatever the encoding, with no body', async () => {
    const file = (await new StaticFiles(client, cacheControlFor).resolve('/_astro/hall.abc.js'))!;
    const first = answerStaticFile(file, { acceptEncoding: 'br', ifNoneMatch: undefined });
    const etag = headerOf(first.headers, 'etag')!;
    const again = answerStaticFile(file, { acceptEncoding: 'gzip', ifNoneMatch: etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(headerOf(again.headers, 'etag')).toBe(etag);
    expect(headerOf(again.headers, 'cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headerOf(again.headers, 'content-length')).toBeUndefined();
    expect(answerStaticFile(file, { acceptEncoding: 'br', ifNoneMatch: 'W/"stale"' }).status).toBe(200);
  });

  it('loads a file once and keeps it in memory', async () => {
    const files = new StaticFiles(client, cacheControlFor);
    const [a, b] = await Promise.all([files.resolve('/_astro/hall.abc.js'), files.resolve('/_astro/hall.abc.js')]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(await files.resolve('/_astro/hall.abc.js')).toBe(a);
  });
});
