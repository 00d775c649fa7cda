import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { answerPage, PageCache, storedPage, type CachedPage } from '~/platform/edge/page-cache';
import { pickEncoding } from '~/platform/edge/http-cache';

const CSP = "default-src 'self'; script-src 'self' 'sha256-abc='";

const page = (version: number, storedAtMs: number, text = 'html'): CachedPage =>
  storedPage(200, [['content-type', 'text/html'], ['content-security-policy', CSP]], new TextEncoder().encode(text).buffer as ArrayBuffer, version, storedAtMs);

const headerOf = (headers: Array<[string, string]>, name: string): string | undefined => headers.find(([key]) => key.toLowerCase() === name)?.[1];

describe('page cache', () => {
  it('serves a page rendered under the current catalogue version while it is fresh', () => {
    const cache = new PageCache(10, 10_000);
    cache.set('/zuhao.html', page(7, 1_000));
    expect(cache.get('/zuhao.html', 7, 10_999)).not.toBeNull();
  });

  it('drops a page once the catalogue changed (a listing was rented)', () => {
    const cache = new PageCache(10, 10_000);
    cache.set('/detail/1.html', page(7, 1_000));
    expect(cache.get('/detail/1.html', 8, 1_001)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('knows whether it keeps a page without being told the version', () => {
    const cache = new PageCache(10, 10_000);
    cache.set('/zuhao.html', page(7, 1_000));
    expect(cache.has('/zuhao.html')).toBe(true);
    expect(cache.has('/tejia.html')).toBe(false);
  });

  it('drops a page after its time to live', () => {
    const cache = new PageCache(10, 10_000);
    cache.set('/', page(1, 0));
    expect(cache.get('/', 1, 10_000)).toBeNull();
  });

  it('evicts the least recently used page beyond its size', () => {
    const cache = new PageCache(2, 10_000);
    cache.set('a', page(1, 0));
    cache.set('b', page(1, 0));
    cache.get('a', 1, 1);
    cache.set('c', page(1, 0));
    expect(cache.get('b', 1, 1)).toBeNull();
    expect(cache.get('a', 1, 1)).not.toBeNull();
    expect(cache.get('c', 1, 1)).not.toBeNull();
  });
});

describe('encoding of cached pages', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
    [null, null],
  ])('Accept-Encoding %s is answered with %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it('a hit keeps every header the page was rendered with, its CSP among them, and says hit', () => {
    const answer = answerPage(page(1, 0, '<p>租号大厅</p>'), { acceptEncoding: 'br', ifNoneMatch: null }, 'hit');
    expect(answer.status).toBe(200);
    expect(headerOf(answer.headers, 'content-security-policy')).toBe(CSP);
    expect(headerOf(answer.headers, 'content-type')).toBe('text/html');
    expect(headerOf(answer.headers, 'x-page-cache')).toBe('hit');
    expect(headerOf(answer.headers, 'vary')).toBe('Accept-Encoding');
    expect(headerOf(answer.headers, 'content-encoding')).toBe('br');
    expect(brotliDecompressSync(answer.body!).toString()).toBe('<p>租号大厅</p>');
    expect(headerOf(answer.headers, 'content-length')).toBe(String(answer.body!.byteLength));
  });

  it('gzip and identity bodies decode to the page as stored', () => {
    const stored = page(1, 0, '<p>hello</p>'.repeat(200));
    const gzip = answerPage(stored, { acceptEncoding: 'gzip', ifNoneMatch: null }, 'hit');
    expect(gunzipSync(gzip.body!).toString()).toBe('<p>hello</p>'.repeat(200));
    const plain = answerPage(stored, { acceptEncoding: null, ifNoneMatch: null }, 'hit');
    expect(headerOf(plain.headers, 'content-encoding')).toBeUndefined();
    expect(new TextDecoder().decode(plain.body!)).toBe('<p>hello</p>'.repeat(200));
  });
});

describe('ETag of cached pages', () => {
  it('is weak, computed once when stored, and the same in every encoding', () => {
    const stored = page(1, 0, 'a page');
    expect(stored.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const br = answerPage(stored, { acceptEncoding: 'br', ifNoneMatch: null }, 'hit');
    const plain = answerPage(stored, { acceptEncoding: null, ifNoneMatch: null }, 'miss');
    expect(headerOf(br.headers, 'etag')).toBe(stored.etag);
    expect(headerOf(plain.headers, 'etag')).toBe(stored.etag);
  });

  it('differs when the page differs', () => {
    expect(page(1, 0, 'free').etag).not.toBe(page(1, 0, 'rented').etag);
  });

  it('If-None-Match naming it answers 304 with no body and no content headers, CSP kept', () => {
    const stored = page(1, 0, 'a page');
    const answer = answerPage(stored, { acceptEncoding: 'br', ifNoneMatch: `"other", ${stored.etag}` }, 'hit');
    expect(answer.status).toBe(304);
    expect(answer.body).toBeNull();
    expect(headerOf(answer.headers, 'etag')).toBe(stored.etag);
    expect(headerOf(answer.headers, 'content-type')).toBeUndefined();
    expect(headerOf(answer.headers, 'content-length')).toBeUndefined();
    expect(headerOf(answer.headers, 'content-encoding')).toBeUndefined();
    expect(headerOf(answer.headers, 'content-security-policy')).toBe(CSP);
    expect(headerOf(answer.headers, 'x-page-cache')).toBe('hit');
  });

  it('an older ETag gets the full page', () => {
    const stored = page(2, 0, 'after the rental');
    const answer = answerPage(stored, { acceptEncoding: null, ifNoneMatch: page(1, 0, 'before the rental').etag }, 'miss');
    expect(answer.status).toBe(200);
  });
});
