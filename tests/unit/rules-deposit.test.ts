import { describe, expect, it } from 'vitest';
import { depositLabel } from '~/features/orders/rules/deposit';

describe('deposit label (spec §9: 无押金 when 0, else 押金N元)', () => {
  it.each([
    [0, '无押金'],
    [5000, '押金50元'],
    [1250, '押金12.5元'],
    [1205, '押金12.05元'],
    [5, '押金0.05元'],
    [100_000, '押金1000元'],
  ])('%i fen reads %s', (fen, label) => {
    expect(depositLabel(fen)).toBe(label);
  });

  it('refuses a negative or fractional deposit', () => {
    expect(() => depositLabel(-100)).toThrow(RangeError);
    expect(() => depositLabel(12.5)).toThrow(RangeError);
  });
});
