import { describe, expect, it } from 'vitest';
import { TRANSFER_DAILY_MAX_FEN, TRANSFER_MAX_FEN, TRANSFER_MIN_FEN } from '~/features/wallet/constants';
import { MSG_TRANSFER_DAILY_LIMIT, MSG_TRANSFER_SELF, MSG_TRANSFER_TOO_LARGE, MSG_TRANSFER_TOO_SMALL, transferRefusal } from '~/features/wallet/rules/transfer';

const ask = (amountFen: number, sentTodayFen = 0, receiverId = 2) => ({ amountFen, senderId: 1, receiverId, sentTodayFen });

describe('转账 limits (docs/decisions.md "Transfer and contract signing")', () => {
  it.each([
    ['the smallest transfer', ask(TRANSFER_MIN_FEN), null],
    ['the largest transfer', ask(TRANSFER_MAX_FEN), null],
    ['a fen under the smallest', ask(TRANSFER_MIN_FEN - 1), MSG_TRANSFER_TOO_SMALL],
    ['zero', ask(0), MSG_TRANSFER_TOO_SMALL],
    ['a fen over the largest', ask(TRANSFER_MAX_FEN + 1), MSG_TRANSFER_TOO_LARGE],
    ['exactly the day’s limit with what was sent', ask(TRANSFER_MIN_FEN, TRANSFER_DAILY_MAX_FEN - TRANSFER_MIN_FEN), null],
    ['a fen over the day’s limit', ask(TRANSFER_MIN_FEN, TRANSFER_DAILY_MAX_FEN - TRANSFER_MIN_FEN + 1), MSG_TRANSFER_DAILY_LIMIT],
    ['to oneself, whatever the amount', ask(TRANSFER_MIN_FEN, 0, 1), MSG_TRANSFER_SELF],
  ])('%s', (_name, input, expected) => {
    expect(transferRefusal(input)).toBe(expected);
  });

  it('says the limits in yuan, exactly', () => {
    expect([MSG_TRANSFER_TOO_SMALL, MSG_TRANSFER_TOO_LARGE, MSG_TRANSFER_DAILY_LIMIT]).toEqual(['单笔转账最少¥1', '单笔转账最多¥2000', '每日转出最多¥5000']);
  });
});
