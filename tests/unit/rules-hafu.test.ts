import { describe, expect, it } from 'vitest';
import { hafuPrepayFen, hafuTag, hafuTagText, hafuTier, type HafuTier } from '~/features/orders/rules/hafu';

describe('hafu coin tag (spec §9: under 1 million in 万, rounded down)', () => {
  it.each<[number, string | null]>([
    [0, null],
    [999, '<0.1万'],
    [1000, '0.1万'],
    [5000, '0.5万'],
    [10_000, '1万'],
    [500_000, '50万'],
    [855_000, '85.5万'],
    [855_999, '85.5万'],
    [999_999, '99.9万'],
    [1_000_000, '100万'],
    [3_500_000, '350万'],
    [12_345_678, '1234万'],
    [99_999_999, '9999万'],
    [100_000_000, '1亿'],
    [123_456_789, '1.23亿'],
    [150_000_000, '1.5亿'],
    [2_000_000_000, '20亿'],
  ])('%i coins read %s', (coins, text) => {
    expect(hafuTagText(coins)).toBe(text);
  });
});

describe('hafu coin tiers (spec §9: 1M, 10M, 100M are named tiers)', () => {
  it.each<[number, HafuTier, string | null]>([
    [0, 'lt1m', null],
    [999_999, 'lt1m', null],
    [1_000_000, '1m', '百万级'],
    [9_999_999, '1m', '百万级'],
    [10_000_000, '10m', '千万级'],
    [99_999_999, '10m', '千万级'],
    [100_000_000, '100m', '亿级'],
    [5_000_000_000, '100m', '亿级'],
  ])('%i coins are tier %s (%s)', (coins, tier, label) => {
    expect(hafuTier(coins)).toBe(tier);
    if (coins > 0) expect(hafuTag(coins)).toMatchObject({ tier, tierLabel: label });
  });

  it('no coins, no tag', () => {
    expect(hafuTag(0)).toBeNull();
  });

  it('refuses a negative or fractional count', () => {
    expect(() => hafuTier(-1)).toThrow(RangeError);
    expect(() => hafuTagText(1.5)).toThrow(RangeError);
  });
});

describe('hafu coin prepay (spec §9: game_money / money_exchange_rate, in fen, half up)', () => {
  it.each<[number, number | null, number | null]>([
    [1_000_000, 10_000, 10_000], // 100 yuan
    [855_000, 10_000, 8_550], // 85.50 yuan
    [1_000_000, 3, 33_333_333], // 333333.333… yuan
    [1_000_000, 6, 16_666_667], // 166666.666… yuan
    [5, 2_000, 0], // 0.0025 yuan → 0.00
    [5, 1_000, 1], // 0.005 yuan → 0.01 (half up)
    [0, 10_000, 0],
    [1_000_000, null, null],
    [1_000_000, 0, null],
    [1_000_000, -5, null],
  ])('%i coins at %s coins per yuan prepay %s fen', (coins, rate, fen) => {
    expect(hafuPrepayFen(coins, rate)).toBe(fen);
  });

  it('has no prepay without a rate', () => {
    expect(hafuPrepayFen(1_000_000, undefined)).toBeNull();
  });
});
