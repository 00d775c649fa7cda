import { describe, expect, it } from 'vitest';
import { WITHDRAW_REVIEW_ABOVE_FEN } from '~/features/content/constants';
import { needsReview } from '~/features/wallet/rules/withdrawal-review';

describe('needsReview (setting withdrawal.review)', () => {
  it.each([
    [{ enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN }, 10_000, false],
    [{ enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN }, 10_001, true],
    [{ enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN }, 1_000, false],
    [{ enabled: true, above_fen: WITHDRAW_REVIEW_ABOVE_FEN }, 2_000_000, true],
    [{ enabled: false, above_fen: WITHDRAW_REVIEW_ABOVE_FEN }, 2_000_000, false],
    [{ enabled: true, above_fen: 0 }, 1, true],
    [{ enabled: true, above_fen: 0 }, 1_000, true],
    [{ enabled: true, above_fen: 60_000 }, 60_000, false],
  ])('%o with %i fen → %s', (setting, amountFen, expected) => {
    expect(needsReview(setting, amountFen)).toBe(expected);
  });

  it('the default threshold is ¥100', () => {
    expect(WITHDRAW_REVIEW_ABOVE_FEN).toBe(10_000);
  });
});
