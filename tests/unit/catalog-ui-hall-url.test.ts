import { describe, expect, it } from 'vitest';
import {
  HALL_MAX_PAGE,
  hallHref,
  hasHallFilters,
  lastPageHref,
  lastPageOf,
  pageHref,
  parseHallQuery,
  parsePageParam,
} from '~/features/catalog/hall-url';
import { CATALOG_MAX_PAGE, hallQuerySchema, parseIdParam } from '~/features/catalog/contract/catalog';
import { ID_MAX } from '~/platform/wire/common';

const q = (query: string): URLSearchParams => new URLSearchParams(query);

describe('the hall reads its state from the URL', () => {
  it('keeps every valid filter', () => {
    expect(
      parseHallQuery(
        q('platform_id=3&zone_id=7&keyword=%20李白%20&price_min=2.5&price_max=10&period=night_rental&no_deposit=1&vip_discount=true&owner=store&insurance=1&bargain=1&hafu_tier=10m&account_type=哈夫币号&sort=price_asc&page=3'),
        { gameId: 1, hasHafuCoin: true },
      ),
    ).toEqual({
      game_id: 1,
      platform_id: 3,
      zone_id: 7,
      keyword: '李白',
      price_min: 2.5,
      price_max: 10,
      period: 'night_rental',
      no_deposit: true,
      vip_discount: true,
      owner: 'store',
      insurance: true,
      bargain: true,
      hafu_tier: '10m',
      account_type: '哈夫币号',
      sort: 'price_asc',
      page: 3,
    });
  });

  it.each([
    ['page=abc', {}],
    ['page=-2', {}],
    ['page=0', {}],
    ['page=1', {}],
    [`page=${HALL_MAX_PAGE + 50}`, { page: HALL_MAX_PAGE }],
    ['sort=cheapest', {}],
    ['period=monthly', {}],
    ['owner=king', {}],
    ['no_deposit=0', {}],
    ['price_min=abc&price_max=', {}],
    ['price_min=-5', {}],
    ['price_max=99999999', { price_max: 100_000 }],
    ['price_min=9&price_max=3', { price_min: 3, price_max: 9 }],
    ['price_min=1.256', { price_min: 1.26 }],
    ['keyword=%20%20', {}],
    ['platform_id=2&zone_id=5', {}],
    ['game_id=x', {}],
  ])('ignores or clamps %s', (query, expected) => {
    expect(parseHallQuery(q(query))).toEqual(expected);
  });

  it('one bad value is dropped without resetting the others', () => {
    expect(parseHallQuery(q('page=abc&sort=newest&price_min=x&price_max=8&no_deposit=maybe&bargain=1&owner=king&period=daily_rental'))).toEqual({
      sort: 'newest',
      price_max: 8,
      bargain: true,
      period: 'daily_rental',
    });
  });

  it('reads what the strict API schema accepts, with the same limits', () => {
    const query = 'game_id=1&keyword=李白&price_min=2.5&price_max=10&period=night_rental&owner=store&sort=price_asc&page=3';
    const strict = hallQuerySchema.parse(Object.fromEntries(q(query)));
    expect(parseHallQuery(q(query))).toEqual(strict);
    expect(HALL_MAX_PAGE).toBe(CATALOG_MAX_PAGE);
    expect(hallQuerySchema.safeParse({ page: String(HALL_MAX_PAGE + 1) }).success).toBe(false);
  });

  it('a path or query id is a positive integer within PostgreSQL integer', () => {
    expect(parseIdParam('12')).toBe(12);
    expect(parseIdParam(String(ID_MAX))).toBe(ID_MAX);
    for (const bad of ['0', '-1', '1.5', 'x', '', String(ID_MAX + 1), null, undefined]) expect(parseIdParam(bad)).toBeNull();
  });

  it('a keyword is cut at 50 characters', () => {
    expect(parseHallQuery(q(`keyword=${'号'.repeat(80)}`)).keyword).toHaveLength(50);
  });

  it('hafu tier and account type only apply to the hafu-coin game', () => {
    expect(parseHallQuery(q('hafu_tier=1m&account_type=皮肤号'), { gameId: 2 })).toEqual({ game_id: 2 });
    expect(parseHallQuery(q('hafu_tier=1m&account_type=金币号'), { gameId: 1, hasHafuCoin: true })).toEqual({ game_id: 1, hafu_tier: '1m' });
  });

  it('the path game wins over a game_id in the query', () => {
    expect(parseHallQuery(q('game_id=9'), { gameId: 4 })).toEqual({ game_id: 4 });
  });
});

describe('the hall writes its links', () => {
  const state = parseHallQuery(q('platform_id=3&zone_id=7&no_deposit=1&sort=newest&page=4&hafu_tier=1m'), { gameId: 1, hasHafuCoin: true });

  it('one state has one URL, in a fixed key order, page 1 and false flags left out', () => {
    expect(hallHref({ sort: 'price_desc', no_deposit: true, game_id: 2, page: 1 }, { page: 1 })).toBe('/zuhao/2.html?no_deposit=1&sort=price_desc');
    expect(hallHref({})).toBe('/zuhao.html');
  });

  it('a filter change goes back to page 1; a page link keeps the filters', () => {
    expect(hallHref(state, { insurance: true })).toBe('/zuhao/1.html?platform_id=3&zone_id=7&no_deposit=1&insurance=1&hafu_tier=1m&sort=newest');
    expect(hallHref(state, { page: 5 })).toBe('/zuhao/1.html?platform_id=3&zone_id=7&no_deposit=1&hafu_tier=1m&sort=newest&page=5');
  });

  it('a toggle turns off with undefined', () => {
    expect(hallHref(state, { no_deposit: undefined })).toBe('/zuhao/1.html?platform_id=3&zone_id=7&hafu_tier=1m&sort=newest');
  });

  it('another game drops the game filters; another platform drops the zone', () => {
    expect(hallHref(state, { game_id: 2 })).toBe('/zuhao/2.html?no_deposit=1&sort=newest');
    expect(hallHref(state, { game_id: undefined })).toBe('/zuhao.html?no_deposit=1&sort=newest');
    expect(hallHref(state, { platform_id: 4 })).toBe('/zuhao/1.html?platform_id=4&no_deposit=1&hafu_tier=1m&sort=newest');
  });

  it('the special-offer base writes /tejia paths', () => {
    expect(hallHref({ game_id: 3 }, { page: 2 }, '/tejia')).toBe('/tejia/3.html?page=2');
  });

  it('says whether anything narrows the list', () => {
    expect(hasHallFilters({ game_id: 1, sort: 'newest', page: 3 })).toBe(false);
    expect(hasHallFilters({ bargain: true })).toBe(true);
  });
});

describe('lists past their last page', () => {
  it('goes to the last page of a non-empty result only', () => {
    expect(lastPageOf(9, { total: 41, page_size: 20, list: [] })).toBe(3);
    expect(lastPageOf(9, { total: 0, page_size: 20, list: [] })).toBeNull();
    expect(lastPageOf(2, { total: 41, page_size: 20, list: [1] })).toBeNull();
    expect(lastPageHref({ no_deposit: true, page: 9 }, { total: 41, page_size: 20, list: [] })).toBe('/zuhao.html?no_deposit=1&page=3');
  });

  it('simple lists read and write ?page', () => {
    expect(parsePageParam(q('page=2'))).toBe(2);
    expect(parsePageParam(q('page=x'))).toBe(1);
    expect(pageHref('/dianpu', 1, { id: 3 })).toBe('/dianpu?id=3');
    expect(pageHref('/dianpu', 2, { id: 3 })).toBe('/dianpu?id=3&page=2');
    expect(pageHref('/Notice', 1)).toBe('/Notice');
  });
});
