/**
 * Exchange codes (issue 15/16): what a code looks like, how typed input is read, that generation
 * draws every character equally, and the order of the refusals (features/wallet/rules/exchange-code.ts).
 */
import { describe, expect, it } from 'vitest';
import { EXCHANGE_CODE_ALPHABET, EXCHANGE_CODE_LENGTH } from '~/features/wallet/constants';
import { exchangeCodeFromBytes, formatExchangeCode, normalizeExchangeCode, redemptionRefusal, type RedemptionFacts } from '~/features/wallet/rules/exchange-code';

const bytes = (...values: number[]): (() => number) => {
  let at = 0;
  return () => values[at++ % values.length]!;
};

describe('the alphabet', () => {
  it('has no look-alikes: no 0/O, no 1/I/L, no lower case', () => {
    expect(EXCHANGE_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(EXCHANGE_CODE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
    expect(new Set(EXCHANGE_CODE_ALPHABET).size).toBe(EXCHANGE_CODE_ALPHABET.length);
  });

  it('gives a code of about 79 bits', () => {
    expect(EXCHANGE_CODE_LENGTH * Math.log2(EXCHANGE_CODE_ALPHABET.length)).toBeGreaterThan(78);
  });
});

describe('exchangeCodeFromBytes', () => {
  it.each([
    ['byte 0 is the first character', [0], EXCHANGE_CODE_ALPHABET[0]!.repeat(16)],
    ['byte 30 is the last character', [30], EXCHANGE_CODE_ALPHABET[30]!.repeat(16)],
    ['byte 31 wraps to the first', [31], EXCHANGE_CODE_ALPHABET[0]!.repeat(16)],
    ['byte 247 is the last kept value (247 % 31 = 30)', [247], EXCHANGE_CODE_ALPHABET[30]!.repeat(16)],
    ['bytes 248-255 are skipped (no modulo bias)', [248, 255, 1], EXCHANGE_CODE_ALPHABET[1]!.repeat(16)],
  ])('%s', (_name, source, expected) => {
    expect(exchangeCodeFromBytes(bytes(...source))).toBe(expected);
  });

  it('draws each character equally often over every kept byte value', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 248; byte += 1) {
      const char = exchangeCodeFromBytes(bytes(byte))[0]!;
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(Array(31).fill(8));
  });

  it('stops on a broken source instead of spinning', () => {
    expect(() => exchangeCodeFromBytes(() => 255)).toThrow(/rejected/);
  });
});

describe('normalizeExchangeCode', () => {
  it.each([
    ['ABCD-EFGH-JKMN-PQRS', 'ABCDEFGHJKMNPQRS'],
    ['abcd-efgh-jkmn-pqrs', 'ABCDEFGHJKMNPQRS'],
    ['  ABCDEFGHJKMNPQRS  ', 'ABCDEFGHJKMNPQRS'],
    ['ABCD EFGH\tJKMN-PQRS', 'ABCDEFGHJKMNPQRS'],
    ['2345-6789-2345-6789', '2345678923456789'],
  ])('reads %j as %s', (input, expected) => {
    expect(normalizeExchangeCode(input)).toBe(expected);
  });

  it.each([
    ['too short', 'ABCD-EFGH-JKMN'],
    ['too long', 'ABCD-EFGH-JKMN-PQRS-T'],
    ['a zero', 'ABCD-EFGH-JKMN-PQR0'],
    ['an O', 'ABCD-EFGH-JKMN-PQRO'],
    ['a one', 'ABCD-EFGH-JKMN-PQR1'],
    ['an I', 'ABCD-EFGH-JKMN-PQRI'],
    ['an L', 'ABCD-EFGH-JKMN-PQRL'],
    ['punctuation', 'ABCD_EFGH_JKMN_PQRS'],
    ['full-width letters', 'ＡＢＣＤ-EFGH-JKMN-PQRS'],
    ['empty', ''],
    ['absurdly long', 'A'.repeat(1000)],
  ])('refuses %s', (_name, input) => {
    expect(normalizeExchangeCode(input)).toBeNull();
  });

  it('reads back what it formats', () => {
    const code = exchangeCodeFromBytes(bytes(3, 77, 140, 201, 15, 99));
    expect(formatExchangeCode(code)).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
    expect(normalizeExchangeCode(formatExchangeCode(code))).toBe(code);
  });
});

describe('redemptionRefusal, in the order a user can act on', () => {
  const NOW = new Date('2026-05-01T12:00:00+08:00');
  const fine: RedemptionFacts = {
    batchDisabled: false,
    expiresAt: new Date('2026-05-02T00:00:00+08:00'),
    now: NOW,
    uses: 0,
    maxUses: 1,
    redeemedByUser: false,
    userRedemptionsInBatch: 0,
    perUserLimit: 1,
  };

  it.each<[string, Partial<RedemptionFacts>, ReturnType<typeof redemptionRefusal>]>([
    ['a fresh one-use code', {}, null],
    ['a shared code with uses left', { uses: 99, maxUses: 100 }, null],
    ['a second code of a batch allowing two per user', { userRedemptionsInBatch: 1, perUserLimit: 2 }, null],
    ['one millisecond before expiry', { expiresAt: new Date(NOW.getTime() + 1) }, null],
    ['at the expiry instant', { expiresAt: NOW }, 'expired'],
    ['after expiry', { expiresAt: new Date(NOW.getTime() - 1) }, 'expired'],
    ['a deactivated batch, even expired', { batchDisabled: true, expiresAt: new Date(0) }, 'disabled'],
    ['expired and used up', { expiresAt: NOW, uses: 1 }, 'expired'],
    ['redeemed by this user (and so used up)', { redeemedByUser: true, uses: 1 }, 'already_redeemed'],
    ['used up by someone else', { uses: 1 }, 'used_up'],
    ['used up and the user at the batch limit', { uses: 1, userRedemptionsInBatch: 1 }, 'used_up'],
    ['the user at the batch limit', { userRedemptionsInBatch: 1 }, 'user_limit'],
  ])('%s', (_name, change, expected) => {
    expect(redemptionRefusal({ ...fine, ...change })).toBe(expected);
  });
});
