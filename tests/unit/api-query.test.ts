import { describe, expect, it } from 'vitest';
import { appendQuery, toFormQuery } from '~/platform/client/query';

describe('form-encoded GET query (spec §7)', () => {
  it.each([
    ['an empty or missing object gives an empty string', undefined, ''],
    ['a space is + and Chinese is UTF-8 percent-encoded', { q: '哈夫币 账号' }, 'q=%E5%93%88%E5%A4%AB%E5%B8%81+%E8%B4%A6%E5%8F%B7'],
    ['an array repeats the key in order', { status: [1, 3] }, 'status=1&status=3'],
    ['null and undefined are dropped, also inside arrays', { a: null, b: undefined, c: [1, null, 2] }, 'c=1&c=2'],
    ['booleans and numbers are written as text', { canUse: '1', is_today: true, page_size: 100 }, 'canUse=1&is_today=true&page_size=100'],
    ['reserved characters are escaped', { next: '/a?b=1&c=#d' }, 'next=%2Fa%3Fb%3D1%26c%3D%23d'],
  ])('%s', (_rule, params, expected) => {
    expect(toFormQuery(params)).toBe(expected);
  });

  it('appendQuery adds ? or & as the URL needs', () => {
    expect(appendQuery('/a', 'x=1')).toBe('/a?x=1');
    expect(appendQuery('/a?y=2', 'x=1')).toBe('/a?y=2&x=1');
    expect(appendQuery('/a', '')).toBe('/a');
  });
});
