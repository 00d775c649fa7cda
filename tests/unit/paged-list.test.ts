import { describe, expect, it } from 'vitest';
import { pageParam, readPageQuery, setPageParam, withPageParam } from '~/platform/ui/page-query';
import { nextTabIndex } from '~/platform/ui/Tabs';

// The account lists keep their page in the address: a reload or a shared link opens the same page,
// and a hand-edited address never turns into an error.
describe('the page in the address', () => {
  it.each([
    ['', 1],
    ['?page=1', 1],
    ['?page=7', 7],
    ['?page=9999', 9999],
    ['?page=10000', 1],
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=2.5', 1],
    ['?page=abc', 1],
    ['?page=', 1],
    ['?other=3', 1],
  ])('%j reads as page %i', (search, page) => {
    expect(pageParam(new URLSearchParams(search))).toBe(page);
    expect(readPageQuery(search)).toEqual({ page });
  });

  it('page 1 is left out, other parameters and the hash are kept', () => {
    expect(withPageParam('https://zuhao.test/account/complain?from=order&page=3#list', { page: 1 })).toBe('/account/complain?from=order#list');
    expect(withPageParam('https://zuhao.test/account/complain?from=order#list', { page: 4 })).toBe('/account/complain?from=order&page=4#list');
  });

  it('a written page reads back the same', () => {
    const url = new URL('https://zuhao.test/account/collect');
    setPageParam(url, 12);
    expect(readPageQuery(url.search)).toEqual({ page: 12 });
    setPageParam(url, 1);
    expect(url.search).toBe('');
  });
});

describe('the tab lists', () => {
  it.each<[string, number, number, number | null]>([
    ['ArrowRight', 0, 5, 1],
    ['ArrowRight', 4, 5, 0],
    ['ArrowLeft', 0, 5, 4],
    ['ArrowLeft', 3, 5, 2],
    ['Home', 3, 5, 0],
    ['End', 1, 5, 4],
    ['a', 1, 5, null],
    ['Enter', 1, 5, null],
  ])('%s from tab %i of %i goes to %j (arrows wrap)', (key, current, count, next) => {
    expect(nextTabIndex(key, current, count)).toBe(next);
  });
});
