import { describe, expect, it } from 'vitest';
import { applyFactorFen, fenToYuan, fenToYuanShort, yuanToFen } from '~/platform/rules/money';

describe('fen to yuan text (spec §7: amounts have 2 decimals)', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [1250, '12.50'],
    [1205, '12.05'],
    [100_000, '1000.00'],
    [-150, '-1.50'],
  ])('%i fen is "%s" yuan', (fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it.each([
    [5000, '50'],
    [1250, '12.5'],
    [1205, '12.05'],
    [5, '0.05'],
    [0, '0'],
  ])('%i fen is "%s" yuan without trailing zeros', (fen, yuan) => {
    expect(fenToYuanShort(fen)).toBe(yuan);
  });

  it('refuses a fraction of a fen', () => {
    expect(() => fenToYuan(12.5)).toThrow(RangeError);
    expect(() => fenToYuan(Number.NaN)).toThrow(RangeError);
  });
});

describe('yuan to fen is exact for two decimals', () => {
  it.each<[string | number, number]>([
    ['12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['0.01', 1],
    ['0.1', 10],
    [' 3.30 ', 330],
    ['12.500', 1250],
    ['0', 0],
    [12.5, 1250],
    [0.29, 29],
  ])('%s yuan is %i fen', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen);
  });

  it('adds floating-point sums exactly (0.1 + 0.2 yuan is 30 fen)', () => {
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(4.35)).toBe(435);
  });

  it.each<[string | number]>([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [-1],
    ['-1.00'],
    [''],
    ['abc'],
    ['1e3'],
    ['+5'],
    ['12.345'],
    [12.345],
    ['1,000.00'],
  ])('refuses %s with a RangeError', (yuan) => {
    expect(() => yuanToFen(yuan)).toThrow(RangeError);
  });

  it('turns -0 into 0', () => {
    expect(Object.is(yuanToFen(-0), 0)).toBe(true);
  });
});

describe('a factor applied to fen rounds the price half up', () => {
  it.each([
    [1250, 0.9, 1125],
    [1000, 0.88, 880],
    [5, 0.9, 5], // 4.5 → 5
    [15, 0.9, 14], // 13.5 → 14
    [11, 0.88, 10], // 9.68 → 10
    [333, 0.85, 283], // 283.05 → 283
    [1, 0.5, 1], // 0.5 → 1
    [0, 0.9, 0],
  ])('%i fen × %f is %i fen', (fen, factor, result) => {
    expect(applyFactorFen(fen, factor)).toBe(result);
  });
});
