import { describe, expect, it } from 'vitest';
import {
  shownHourlyFen,
  activityDiscountFen,
  activityDiscountLabel,
  applyActivityDiscount,
  bonusHours,
  promotionLabel,
} from '~/features/activities/rules/activity';

describe('activity discount factor (spec §3 activity.discount; price half up to the fen)', () => {
  it.each<[number, number | null, number, number]>([
    [1000, 0.9, 900, 100],
    [1250, 0.9, 1125, 125],
    [1250, 0.85, 1063, 187], // 1062.5 → 1063
    [999, 0.8, 799, 200], // 799.2 → 799
    [5, 0.9, 5, 0], // 4.5 → 5
    [1000, 1, 1000, 0],
    [1000, null, 1000, 0],
    [0, 0.9, 0, 0],
  ])('%i fen at factor %s costs %i fen (%i off)', (amount, factor, price, off) => {
    expect(applyActivityDiscount(amount, factor)).toBe(price);
    expect(activityDiscountFen(amount, factor)).toBe(off);
  });

  it.each([0, -0.1, 1.2, Number.NaN])('refuses the factor %s', (factor) => {
    expect(() => applyActivityDiscount(1000, factor)).toThrow(RangeError);
  });

  it.each<[number | null, string | null]>([
    [0.9, '9折'],
    [0.85, '8.5折'],
    [0.88, '8.8折'],
    [1, null],
    [null, null],
  ])('factor %s is labelled %s', (factor, label) => {
    expect(activityDiscountLabel(factor)).toBe(label);
  });
});

describe('the hourly price a card shows (issue 12: the discounted figure leads)', () => {
  it.each([
    [1000, null, 1000],
    [1000, 1, 1000],
    [1000, 0.8, 800],
    [1250, 0.88, 1100],
    // An invalid factor shows the list price instead of failing the page.
    [1000, 0, 1000],
    [1000, 1.5, 1000],
  ])('¥%i/h with factor %s shows %i fen', (rentalFen, factor, shown) => {
    expect(shownHourlyFen(rentalFen, factor)).toBe(shown);
  });
});

describe('rental_promotion bonus hours (租 rental_hour 送 bonus_hour, once, not per multiple)', () => {
  const RENT_5_GET_1 = { rental_hour: 5, bonus_hour: 1 };

  it.each<[number, number]>([
    [1, 0],
    [4, 0],
    [5, 1],
    [6, 1],
    [10, 1],
    [24, 1],
    [168, 1],
  ])('租5送1: renting %i hours gives %i bonus hour(s)', (rented, bonus) => {
    expect(bonusHours(RENT_5_GET_1, rented)).toBe(bonus);
  });

  it('no promotion, or a promotion with zero hours, gives nothing', () => {
    expect(bonusHours(null, 100)).toBe(0);
    expect(bonusHours({ rental_hour: 0, bonus_hour: 2 }, 100)).toBe(0);
    expect(bonusHours({ rental_hour: 3, bonus_hour: 0 }, 100)).toBe(0);
  });

  it('is labelled 租5送1', () => {
    expect(promotionLabel(RENT_5_GET_1)).toBe('租5送1');
    expect(promotionLabel(null)).toBeNull();
  });
});
