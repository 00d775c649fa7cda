import { describe, expect, it } from 'vitest';
import {
  MSG_RENTAL_TIME_FORMAT,
  MSG_RENTAL_TIME_SAME,
  availableMoves,
  canMoveTo,
  checkRentalTime,
  deleteOutcome,
  isListedAs,
  priceChangeNeedsReview,
  reviewAfterSave,
  suggestedPrices,
} from '~/features/sellers/rules/listing-form';

describe('suggested prices (spec §9: day 24 ×, ten-hour 10 ×, week 168 ×, slots 5, 7, 9 hours)', () => {
  it.each([
    ['hourly', 1],
    ['ten_hour', 10],
    ['daily', 24],
    ['weekly', 168],
    ['morning', 5],
    ['afternoon', 7],
    ['evening', 9],
  ] as const)('%s at 2.50 yuan an hour is %i × 250 fen', (option, multiple) => {
    const price = suggestedPrices(250).find((candidate) => candidate.option === option);
    expect(price?.priceFen).toBe(250 * multiple);
  });

  it('lists hourly first and names the flag of every other kind', () => {
    const prices = suggestedPrices(100);
    expect(prices[0]).toMatchObject({ option: 'hourly', flag: null, label: '时租' });
    expect(prices.map((price) => price.flag)).toEqual([null, 'ten_hour_rental', 'daily_rental', 'weekly_rental', 'morning_rental', 'afternoon_rental', 'night_rental']);
  });

  it('refuses a price that is not whole fen', () => {
    expect(() => suggestedPrices(1.5)).toThrow(RangeError);
    expect(() => suggestedPrices(-1)).toThrow(RangeError);
  });
});

describe('a price change beyond the ratio goes to review (|new − old| / old > ratio)', () => {
  it.each([
    [1000, 1000, 0.5, false],
    [1000, 1500, 0.5, false], // exactly the ratio: no review
    [1000, 1501, 0.5, true],
    [1000, 500, 0.5, false],
    [1000, 499, 0.5, true],
    [1000, 1100, 0.1, false],
    [1000, 1101, 0.1, true],
    [0, 0, 0.5, false],
    [0, 1, 0.5, true],
    [333, 1000, 2, true], // 667 / 333 = 2.003, just past the ratio
    [500, 1500, 2, false], // exactly 2
  ])('%i → %i fen at ratio %f: review %s', (oldFen, newFen, ratio, expected) => {
    expect(priceChangeNeedsReview(oldFen, newFen, ratio)).toBe(expected);
  });

  it('a new listing waits for review when review is on, and is approved at once when it is off', () => {
    expect(reviewAfterSave({ reviewEnabled: true, ratio: 0.5, previous: null, rentalFen: 500 })).toBe('pending');
    expect(reviewAfterSave({ reviewEnabled: false, ratio: 0.5, previous: null, rentalFen: 500 })).toBe('approved');
  });

  it('an edit stays approved within the ratio and goes back to review beyond it (review on)', () => {
    const previous = { reviewStatus: 'approved' as const, rentalFen: 1000 };
    expect(reviewAfterSave({ reviewEnabled: true, ratio: 0.5, previous, rentalFen: 1400 })).toBe('approved');
    expect(reviewAfterSave({ reviewEnabled: true, ratio: 0.5, previous, rentalFen: 1600 })).toBe('pending');
    expect(reviewAfterSave({ reviewEnabled: false, ratio: 0.5, previous, rentalFen: 9000 })).toBe('approved');
  });

  it('a rejected or pending listing saved again waits for review (review on)', () => {
    expect(reviewAfterSave({ reviewEnabled: true, ratio: 0.5, previous: { reviewStatus: 'rejected', rentalFen: 1000 }, rentalFen: 1000 })).toBe('pending');
    expect(reviewAfterSave({ reviewEnabled: true, ratio: 0.5, previous: { reviewStatus: 'pending', rentalFen: 1000 }, rentalFen: 1000 })).toBe('pending');
  });
});

describe('rental time HH:mm-HH:mm', () => {
  it.each([
    ['00:00-23:59', '00:00-23:59'],
    ['08:00-23:00', '08:00-23:00'],
    ['18:00 - 02:00', '18:00-02:00'],
  ])('%s is accepted as %s', (raw, value) => {
    expect(checkRentalTime(raw)).toEqual({ ok: true, value });
  });

  it.each(['8:00-23:00', '24:00-23:00', '08:60-09:00', '08:00', '08:00-09:00-10:00', '', 'abc', '08:00~09:00'])('%s is refused', (raw) => {
    expect(checkRentalTime(raw)).toEqual({ ok: false, error: MSG_RENTAL_TIME_FORMAT });
  });

  it('a window starting where it ends is refused', () => {
    expect(checkRentalTime('10:00-10:00')).toEqual({ ok: false, error: MSG_RENTAL_TIME_SAME });
  });
});

describe('seller states (on_shelf ↔ off_shelf ↔ maintenance; deleted is final)', () => {
  it.each([
    ['on_shelf', 'off_shelf', true],
    ['on_shelf', 'maintenance', true],
    ['off_shelf', 'on_shelf', true],
    ['off_shelf', 'maintenance', true],
    ['maintenance', 'on_shelf', true],
    ['maintenance', 'off_shelf', true],
    ['on_shelf', 'on_shelf', false],
    ['deleted', 'on_shelf', false],
    ['deleted', 'off_shelf', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canMoveTo(from, to).ok).toBe(allowed);
  });

  it('offers the other two states as buttons, none for a deleted listing', () => {
    expect(availableMoves('on_shelf')).toEqual(['off_shelf', 'maintenance']);
    expect(availableMoves('off_shelf')).toEqual(['on_shelf', 'maintenance']);
    expect(availableMoves('deleted')).toEqual([]);
  });

  it('deleting with running or future orders unlists instead; without them it deletes', () => {
    expect(deleteOutcome('on_shelf', false)).toBe('deleted');
    expect(deleteOutcome('maintenance', true)).toBe('unlisted');
    expect(deleteOutcome('deleted', false)).toBe('refused');
  });

  it('is listed only on the shelf, approved and not taken down by the platform', () => {
    expect(isListedAs('on_shelf', 'approved', false)).toBe(true);
    expect(isListedAs('on_shelf', 'pending', false)).toBe(false);
    expect(isListedAs('off_shelf', 'approved', false)).toBe(false);
    expect(isListedAs('maintenance', 'approved', false)).toBe(false);
    expect(isListedAs('on_shelf', 'approved', true)).toBe(false);
  });
});
