import { describe, expect, it } from 'vitest';
import { computeCredit, creditLevel } from '~/features/account/rules/credit';

describe('credit score (issue 16)', () => {
  it.each([
    // completed, upheld, cancelled → score, level
    [0, 0, 0, 600, '信用良好'],
    [1, 0, 0, 602, '信用良好'],
    [50, 0, 0, 700, '信用优秀'],
    [150, 0, 0, 900, '信用极好'],
    [500, 0, 0, 900, '信用极好'], // completed rentals count up to 150
    [0, 1, 0, 570, '信用中等'],
    [10, 2, 0, 560, '信用中等'],
    [0, 0, 3, 600, '信用良好'], // three cancellations are forgiven
    [0, 0, 4, 595, '信用中等'],
    [0, 0, 13, 550, '信用中等'],
    [0, 10, 0, 350, '信用较差'], // clamped at the minimum
    [0, 20, 50, 350, '信用较差'],
    [150, 1, 5, 860, '信用极好'],
  ])('%i completed, %i upheld, %i cancelled → %i %s', (completedRentals, upheldComplaints, cancellations, score, level) => {
    const result = computeCredit({ completedRentals, upheldComplaints, cancellations });
    expect(result.score).toBe(score);
    expect(result.level).toBe(level);
  });

  it('says what each factor added', () => {
    const result = computeCredit({ completedRentals: 3, upheldComplaints: 1, cancellations: 5 });
    expect(result.factors.map((factor) => [factor.key, factor.count, factor.points])).toEqual([
      ['completed_rentals', 3, 6],
      ['upheld_complaints', 1, -30],
      ['cancellations', 5, -10],
    ]);
    expect(result.score).toBe(566);
  });

  it('treats nonsense counts as none', () => {
    expect(computeCredit({ completedRentals: -4, upheldComplaints: Number.NaN, cancellations: Infinity }).score).toBe(600);
  });

  it.each([
    [950, '信用极好'],
    [800, '信用极好'],
    [799, '信用优秀'],
    [600, '信用良好'],
    [599, '信用中等'],
    [499, '信用较差'],
  ])('level of %i is %s', (score, level) => expect(creditLevel(score)).toBe(level));
});
