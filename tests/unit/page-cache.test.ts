import { describe, expect, it } from 'vitest';
import { PageCache, type CachedPage } from '~/server/page-cache';

const page = (version: number, storedAtMs: number, text = 'html'): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body: new TextEncoder().encode(text).buffer as ArrayBuffer,
  version,
  storedAtMs,
});

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
  ])('Accept-Encoding %s is answered with %s', async (header, expected) => {
    const { pickEncoding } = await import('~/server/cached-pages');
    expect(pickEncoding(header)).toBe(expected);
  });
});
