import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from '~/features/catalog/ui/listbox-keys';
import {
  TEMPLATE_PATH_MAX_CHARS,
  keywordToRecord,
  pageAfterRemoval,
  pageCountOf,
  templateNameError,
  templatePathFrom,
  toggledLike,
} from '~/features/catalog/rules/user-catalog';

describe('a header search records its keyword (docs/user-catalog-api.md: 1-50 characters after trimming)', () => {
  it('records the trimmed keyword', () => {
    expect(keywordToRecord('  王者荣耀 ')).toBe('王者荣耀');
  });
  it('records nothing for a blank search', () => {
    expect(keywordToRecord('')).toBeNull();
    expect(keywordToRecord('   ')).toBeNull();
  });
  it('keeps at most 50 characters, counting a Chinese character or an emoji as one', () => {
    expect(keywordToRecord('李'.repeat(60))).toBe('李'.repeat(50));
    expect(Array.from(keywordToRecord('😀'.repeat(51)) ?? '')).toHaveLength(50);
  });
});

describe('a template name is 1-20 characters', () => {
  it.each([
    ['', '请输入模板名称'],
    ['   ', '请输入模板名称'],
    ['李'.repeat(21), '模板名称最多20个字'],
  ])('refuses %j', (name, message) => {
    expect(templateNameError(name)).toBe(message);
  });
  it.each(['a', ' 无押金王者 ', '李'.repeat(20)])('accepts %j', (name) => {
    expect(templateNameError(name)).toBeNull();
  });
});

describe('a template saves the hall URL without its page number', () => {
  it('keeps the filters and sort of the rental hall', () => {
    expect(templatePathFrom('/zuhao/3.html', '?platform_id=2&no_deposit=1&sort=price_asc')).toBe('/zuhao/3.html?platform_id=2&no_deposit=1&sort=price_asc');
  });
  it('drops the page', () => {
    expect(templatePathFrom('/zuhao.html', '?keyword=%E6%9D%8E%E7%99%BD&page=4')).toBe('/zuhao.html?keyword=%E6%9D%8E%E7%99%BD');
    expect(templatePathFrom('/zuhao.html', '?page=2')).toBe('/zuhao.html');
  });
  it('saves the bare hall when nothing is filtered', () => {
    expect(templatePathFrom('/zuhao.html', '')).toBe('/zuhao.html');
  });
  it('refuses a page that is not the rental hall', () => {
    expect(templatePathFrom('/tejia.html', '')).toBeNull();
    expect(templatePathFrom('/detail/5.html', '')).toBeNull();
    expect(templatePathFrom('/zuhao/abc.html', '')).toBeNull();
  });
  it(`refuses a path over ${TEMPLATE_PATH_MAX_CHARS} characters`, () => {
    expect(templatePathFrom('/zuhao.html', `?keyword=${'a'.repeat(TEMPLATE_PATH_MAX_CHARS)}`)).toBeNull();
  });
});

describe('a like toggles before the server answers', () => {
  it('liking adds one', () => {
    expect(toggledLike({ is_liked: false, like_count: 4 })).toEqual({ is_liked: true, like_count: 5 });
  });
  it('unliking takes one away, never below zero', () => {
    expect(toggledLike({ is_liked: true, like_count: 5 })).toEqual({ is_liked: false, like_count: 4 });
    expect(toggledLike({ is_liked: true, like_count: 0 })).toEqual({ is_liked: false, like_count: 0 });
  });
});

describe('collections pages', () => {
  it('counts at least one page', () => {
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(12, 12)).toBe(1);
    expect(pageCountOf(13, 12)).toBe(2);
  });
  it('stays on the page after a removal while it still exists', () => {
    expect(pageAfterRemoval(2, 20, 12)).toBe(2);
  });
  it('goes back a page when the last card of the last page is removed', () => {
    expect(pageAfterRemoval(2, 12, 12)).toBe(1);
    expect(pageAfterRemoval(1, 0, 12)).toBe(1);
  });
});

describe('the search history listbox keys (WAI-ARIA combobox)', () => {
  it('ArrowDown from the input activates the first keyword, then moves and wraps', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(0, 3, 'ArrowDown')).toBe(1);
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(0);
  });
  it('ArrowUp from the input activates the last keyword, then moves and wraps', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2);
    expect(nextActiveIndex(2, 3, 'ArrowUp')).toBe(1);
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(2);
  });
  it('Home and End jump to the ends', () => {
    expect(nextActiveIndex(1, 3, 'Home')).toBe(0);
    expect(nextActiveIndex(1, 3, 'End')).toBe(2);
  });
  it('an index left past the end by a deletion comes back into the list', () => {
    expect(nextActiveIndex(5, 3, 'ArrowDown')).toBe(0);
    expect(nextActiveIndex(5, 3, 'ArrowUp')).toBe(2);
  });
  it('an empty list has nothing to activate', () => {
    expect(nextActiveIndex(-1, 0, 'ArrowDown')).toBe(-1);
    expect(nextActiveIndex(-1, 0, 'Home')).toBeNull();
  });
  it('other keys do not move', () => {
    expect(nextActiveIndex(1, 3, 'Enter')).toBeNull();
    expect(nextActiveIndex(1, 3, 'a')).toBeNull();
  });
});
