import { describe, expect, it } from 'vitest';
import type { Availability } from '~/features/catalog/types';
import { AVAILABILITY_RANK } from '~/features/catalog/constants';
import { availabilityRank } from '~/features/catalog/rules/listing-rank';
import { recommendedListingIds, type RecommendInput } from '~/features/catalog/rules/recommended';

describe('availability rank (issue 12: bookable first, then reservable, then the rest)', () => {
  it.each<[string, Availability, boolean, number]>([
    ['可租 (normal, bookable now) leads', 'normal', true, AVAILABILITY_RANK.bookable],
    ['非可租时段 (normal outside rental_time) takes a reservation', 'normal', false, AVAILABILITY_RANK.reservable],
    ['出租中可预约 (appoint) is reservable', 'appoint', false, AVAILABILITY_RANK.reservable],
    ['appoint stays reservable even when a partner listing is bookable now', 'appoint', true, AVAILABILITY_RANK.reservable],
    ['不可租 (unavailable) comes last', 'unavailable', false, AVAILABILITY_RANK.unavailable],
    ['不可租 comes last even for a partner listing bookable now', 'unavailable', true, AVAILABILITY_RANK.unavailable],
    ['维护中 (maintenance) comes last', 'maintenance', false, AVAILABILITY_RANK.unavailable],
    ['维护中 comes last even when bookable now', 'maintenance', true, AVAILABILITY_RANK.unavailable],
  ])('%s', (_rule, availability, bookable_now, rank) => {
    expect(availabilityRank({ availability, bookable_now })).toBe(rank);
  });

  it('orders the groups bookable < reservable < the rest', () => {
    expect(AVAILABILITY_RANK.bookable).toBeLessThan(AVAILABILITY_RANK.reservable);
    expect(AVAILABILITY_RANK.reservable).toBeLessThan(AVAILABILITY_RANK.unavailable);
  });
});

const card = (id: number, popularity: number, change: Partial<RecommendInput> = {}): RecommendInput => ({
  id,
  popularity,
  availability: 'normal',
  bookable_now: true,
  ...change,
});

describe('推荐 badge (docs/decisions.md "推荐 badge (issue 12)")', () => {
  it.each<[string, RecommendInput[], number[]]>([
    ['an empty list recommends nothing', [], []],
    ['the two most popular bookable cards of a list', [card(1, 10), card(2, 50), card(3, 30), card(4, 20)], [2, 3]],
    ['one card alone', [card(7, 5)], [7]],
    ['a tie goes to the newer (higher) id', [card(1, 40), card(2, 40), card(3, 40)], [2, 3]],
    [
      'never a card that cannot be rented now, however popular',
      [
        card(1, 900, { availability: 'unavailable', bookable_now: false }),
        card(2, 800, { availability: 'maintenance' }),
        card(3, 700, { availability: 'appoint', bookable_now: false }),
        card(4, 600, { bookable_now: false }),
        card(5, 10),
      ],
      [5],
    ],
    ['never a card nobody has shown interest in (popularity 0)', [card(1, 0), card(2, 0), card(3, 1)], [3]],
    ['a longer list of bookable cards still gives only two', [card(1, 5), card(2, 6), card(3, 7), card(4, 8), card(5, 9)], [4, 5]],
  ])('%s', (_rule, list, expected) => {
    expect([...recommendedListingIds(list)].sort((a, b) => a - b)).toEqual(expected);
  });

  it('takes another limit when a list asks for one, and none for a limit of 0', () => {
    const list = [card(1, 10), card(2, 20), card(3, 30)];
    expect([...recommendedListingIds(list, 1)]).toEqual([3]);
    expect(recommendedListingIds(list, 0).size).toBe(0);
  });
});
