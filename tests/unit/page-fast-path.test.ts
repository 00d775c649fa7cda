import { describe, expect, it } from 'vitest';
import { fastPathUrl } from '~/platform/edge/page-fast-path';

describe('which requests the server entry may answer from the page cache', () => {
  it.each([
    ['GET', '/zuhao.html'],
    ['HEAD', '/zuhao.html?sort=newest'],
    ['GET', '/detail/1.html'],
    ['GET', '/'],
  ])('%s %s may be a hit', (method, url) => {
    expect(fastPathUrl(method, url)).not.toBeNull();
  });

  it.each([
    ['a POST', 'POST', '/zuhao.html'],
    ['a route that is not cacheable', 'GET', '/account/personal'],
    ['an API call', 'GET', '/api/v1/health'],
    ['a NUL in the query (refused 400 by the middleware)', 'GET', '/zuhao.html?keyword=a%00b'],
    ['a path naming index.html (redirected home)', 'GET', '/index.html'],
    ['index.html further down', 'GET', '/zuhao/index.html'],
    ['a URL that would parse as another host', 'GET', '//evil.example/zuhao.html'],
    ['no URL', 'GET', undefined],
  ])('%s goes to Astro', (_label, method, url) => {
    expect(fastPathUrl(method, url)).toBeNull();
  });

  it('keys by the path and query as the request named them', () => {
    const url = fastPathUrl('GET', '/zuhao.html?sort=newest&page=2')!;
    expect(`${url.pathname}${url.search}`).toBe('/zuhao.html?sort=newest&page=2');
  });
});
