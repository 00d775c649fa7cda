/**
 * The money of a complaint decision (issue 15; docs/decisions.md "Complaint arbitration"): refunds
 * are rent not yet given back and lower the settlement base (commission recomputed, half up);
 * giving back all of a rental that has not ended ends it; released earnings are never rewritten, the
 * owner's share of a later refund is a clawback; a penalty is withheld from the order's frozen share
 * first, then taken from the wallet; nothing is taken beyond the balance, the rest is owed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_PENALTY_MAX_FEN } from '~/features/complaints/constants';
import { collectFromBalance, decideComplaintMoney, MSG_NOTHING_REFUNDABLE, MSG_PENALTY_REQUIRED, MSG_PENALTY_TOO_LARGE, MSG_REFUND_REQUIRED, refundTooLargeMsg, type DecisionMoney, type DecisionMoneyInput } from '~/features/complaints/rules/complaint-decision';

/** A ¥100 rental of an individual owner (10 %), nothing refunded yet, still running. */
const BASE: DecisionMoneyInput = { outcome: 'reject', rentFen: 10_000, refundedFen: 0, commissionBps: 1_000, earnings: 'frozen', rentalOpen: true, ownerBalanceFen: 0 };

function money(input: Partial<DecisionMoneyInput>): DecisionMoney {
  const result = decideComplaintMoney({ ...BASE, ...input });
  if (!result.ok) throw new Error(`refused: ${result.msg}`);
  return result.money;
}

type Expected = Pick<
  DecisionMoney,
  'refundFen' | 'endsRental' | 'ownerShareDeltaFen' | 'commissionDeltaFen' | 'clawbackFen' | 'penaltyFen' | 'penaltyWithheldFen' | 'clawbackNowFen' | 'penaltyNowFen' | 'owedFen'
>;

const none: Expected = { refundFen: 0, endsRental: false, ownerShareDeltaFen: 0, commissionDeltaFen: 0, clawbackFen: 0, penaltyFen: 0, penaltyWithheldFen: 0, clawbackNowFen: 0, penaltyNowFen: 0, owedFen: 0 };

describe('decideComplaintMoney: the table', () => {
  it.each<[string, Partial<DecisionMoneyInput>, Partial<Expected>]>([
    ['reject moves nothing', {}, {}],
    [
      'full refund of a running rental: all the rent back, the rental ends, owner and platform give back their shares',
      { outcome: 'refund_full' },
      { refundFen: 10_000, endsRental: true, ownerShareDeltaFen: -9_000, commissionDeltaFen: -1_000 },
    ],
    [
      'full refund of a rental already over: it does not "end" again',
      { outcome: 'refund_full', rentalOpen: false },
      { refundFen: 10_000, ownerShareDeltaFen: -9_000, commissionDeltaFen: -1_000 },
    ],
    [
      'full refund after an early cancel gave back 5,000: the other 5,000',
      { outcome: 'refund_full', refundedFen: 5_000, rentalOpen: false },
      { refundFen: 5_000, ownerShareDeltaFen: -4_500, commissionDeltaFen: -500 },
    ],
    ['partial refund of ¥25: commission recomputed on ¥75', { outcome: 'refund_partial', refundFen: 2_500 }, { refundFen: 2_500, ownerShareDeltaFen: -2_250, commissionDeltaFen: -250 }],
    [
      'partial refund of everything refundable ends a running rental like a full one',
      { outcome: 'refund_partial', refundFen: 10_000 },
      { refundFen: 10_000, endsRental: true, ownerShareDeltaFen: -9_000, commissionDeltaFen: -1_000 },
    ],
    ['penalty only, frozen earnings: withheld from the share of the order', { outcome: 'penalize', penaltyFen: 3_000 }, { penaltyFen: 3_000, penaltyWithheldFen: 3_000 }],
    [
      'refund ¥50 and penalty ¥60 while frozen: ¥45 withheld (the share left), ¥10 from a ¥10 balance, ¥5 owed',
      { outcome: 'penalize', refundFen: 5_000, penaltyFen: 6_000, ownerBalanceFen: 1_000 },
      { refundFen: 5_000, ownerShareDeltaFen: -4_500, commissionDeltaFen: -500, penaltyFen: 6_000, penaltyWithheldFen: 4_500, penaltyNowFen: 1_000, owedFen: 500 },
    ],
    [
      'released earnings, partial refund ¥20: the owner share ¥18 is clawed back from a ¥50 balance',
      { outcome: 'refund_partial', refundFen: 2_000, earnings: 'released', rentalOpen: false, ownerBalanceFen: 5_000 },
      { refundFen: 2_000, ownerShareDeltaFen: -1_800, commissionDeltaFen: -200, clawbackFen: 1_800, clawbackNowFen: 1_800 },
    ],
    [
      'released earnings, full refund, owner has ¥10: ¥10 taken now, ¥80 owed; the renter gets all ¥100 at once',
      { outcome: 'refund_full', earnings: 'released', rentalOpen: false, ownerBalanceFen: 1_000 },
      { refundFen: 10_000, ownerShareDeltaFen: -9_000, commissionDeltaFen: -1_000, clawbackFen: 9_000, clawbackNowFen: 1_000, owedFen: 8_000 },
    ],
    [
      'released earnings, penalise with refund ¥10 and penalty ¥5 from ¥10: clawback first, then the penalty',
      { outcome: 'penalize', refundFen: 1_000, penaltyFen: 500, earnings: 'released', rentalOpen: false, ownerBalanceFen: 1_000 },
      { refundFen: 1_000, ownerShareDeltaFen: -900, commissionDeltaFen: -100, clawbackFen: 900, clawbackNowFen: 900, penaltyFen: 500, penaltyNowFen: 100, owedFen: 400 },
    ],
    [
      'no earnings row: the refund moves no share',
      { outcome: 'refund_partial', refundFen: 100, earnings: 'none', rentalOpen: false },
      { refundFen: 100 },
    ],
    [
      'rounding: ¥9.99 at 10 %, refund 1 fen: commission stays 100 (99.8 half up), the owner gives the fen',
      { outcome: 'refund_partial', rentFen: 999, refundFen: 1 },
      { refundFen: 1, ownerShareDeltaFen: -1, commissionDeltaFen: 0 },
    ],
    [
      'rounding: ¥9.99 at 10 %, refund 5 fen: commission 99.9→100 becomes 99.4→99',
      { outcome: 'refund_partial', rentFen: 999, refundFen: 5 },
      { refundFen: 5, ownerShareDeltaFen: -4, commissionDeltaFen: -1 },
    ],
  ])('%s', (_name, input, expected) => {
    const result = money(input);
    expect(result).toMatchObject({ ...none, ...expected });
  });

  it('keeps the before and after splits and what was refundable', () => {
    const result = money({ outcome: 'refund_partial', refundFen: 2_500, refundedFen: 1_000 });
    expect(result.refundableFen).toBe(9_000);
    expect(result.before).toEqual({ netRentFen: 9_000, commissionFen: 900, sellerFen: 8_100 });
    expect(result.after).toEqual({ netRentFen: 6_500, commissionFen: 650, sellerFen: 5_850 });
  });
});

describe('decideComplaintMoney: what the operator cannot ask', () => {
  it.each<[string, Partial<DecisionMoneyInput>, string, string]>([
    ['a full refund of a rental fully refunded', { outcome: 'refund_full', refundedFen: 10_000 }, 'outcome', MSG_NOTHING_REFUNDABLE],
    ['a partial refund of a rental fully refunded', { outcome: 'refund_partial', refundedFen: 10_000, refundFen: 1 }, 'outcome', MSG_NOTHING_REFUNDABLE],
    ['a partial refund without an amount', { outcome: 'refund_partial' }, 'refund_fen', MSG_REFUND_REQUIRED],
    ['a partial refund of 0', { outcome: 'refund_partial', refundFen: 0 }, 'refund_fen', MSG_REFUND_REQUIRED],
    ['a partial refund above what is left', { outcome: 'refund_partial', refundedFen: 4_000, refundFen: 6_001 }, 'refund_fen', refundTooLargeMsg(6_000)],
    ['a penalty without an amount', { outcome: 'penalize' }, 'penalty_fen', MSG_PENALTY_REQUIRED],
    ['a penalty of 0', { outcome: 'penalize', penaltyFen: 0 }, 'penalty_fen', MSG_PENALTY_REQUIRED],
    ['a penalty above the cap', { outcome: 'penalize', penaltyFen: COMPLAINT_PENALTY_MAX_FEN + 1 }, 'penalty_fen', MSG_PENALTY_TOO_LARGE],
    ['a penalty with a refund above what is left', { outcome: 'penalize', penaltyFen: 100, refundFen: 10_001 }, 'refund_fen', refundTooLargeMsg(10_000)],
    ['a penalty with a negative refund', { outcome: 'penalize', penaltyFen: 100, refundFen: -1 }, 'refund_fen', MSG_REFUND_REQUIRED],
  ])('refuses %s', (_name, input, field, msg) => {
    expect(decideComplaintMoney({ ...BASE, ...input })).toEqual({ ok: false, field, msg });
  });

  it('throws on an impossible order (a bug, not an input)', () => {
    expect(() => decideComplaintMoney({ ...BASE, refundedFen: 10_001 })).toThrow(RangeError);
    expect(() => decideComplaintMoney({ ...BASE, ownerBalanceFen: -1 })).toThrow(RangeError);
  });
});

describe('decideComplaintMoney: what always holds', () => {
  const inputs = fc
    .record({
      rentFen: fc.integer({ min: 0, max: 2_000_000 }),
      refundedShare: fc.double({ min: 0, max: 1, noNaN: true }),
      commissionBps: fc.constantFrom(0, 600, 800, 1_000, 1_234),
      earnings: fc.constantFrom('frozen' as const, 'released' as const, 'none' as const),
      rentalOpen: fc.boolean(),
      ownerBalanceFen: fc.integer({ min: 0, max: 500_000 }),
      outcome: fc.constantFrom('refund_full' as const, 'refund_partial' as const, 'reject' as const, 'penalize' as const),
      refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
      penaltyFen: fc.integer({ min: 1, max: COMPLAINT_PENALTY_MAX_FEN }),
    })
    .map((raw): DecisionMoneyInput => {
      const refundedFen = Math.floor(raw.rentFen * raw.refundedShare);
      const refundable = raw.rentFen - refundedFen;
      const refundFen = Math.max(raw.outcome === 'penalize' ? 0 : 1, Math.floor(refundable * raw.refundShare));
      return { ...raw, refundedFen, refundFen, penaltyFen: raw.penaltyFen };
    });

  it('rent = owner + commission + refunds after it; the refund is exactly what owner and platform give back; nothing beyond the balance', () => {
    fc.assert(
      fc.property(inputs, (input) => {
        const result = decideComplaintMoney(input);
        if (!result.ok) return;
        const m = result.money;
        expect(m.refundFen).toBeLessThanOrEqual(m.refundableFen);
        expect(m.after.sellerFen + m.after.commissionFen + input.refundedFen + m.refundFen).toBe(input.rentFen);
        if (input.earnings !== 'none') expect(m.ownerShareFen - m.commissionDeltaFen).toBe(m.refundFen);
        expect(m.ownerShareDeltaFen).toBeLessThanOrEqual(0);
        expect(m.commissionDeltaFen).toBeLessThanOrEqual(0);
        expect(m.clawbackNowFen + m.penaltyNowFen).toBeLessThanOrEqual(input.ownerBalanceFen);
        expect(m.penaltyWithheldFen).toBeLessThanOrEqual(m.after.sellerFen);
        expect(m.owedFen).toBeGreaterThanOrEqual(0);
        expect(m.clawbackNowFen + m.penaltyNowFen + m.penaltyWithheldFen + m.owedFen).toBe(m.clawbackFen + m.penaltyFen);
        if (input.earnings !== 'released') expect(m.clawbackFen).toBe(0);
        if (m.endsRental) expect(m.refundFen).toBe(m.refundableFen);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('collectFromBalance', () => {
  it.each<[number[], number, number[]]>([
    [[500, 300], 1_000, [500, 300]],
    [[500, 300], 600, [500, 100]],
    [[500, 300], 0, [0, 0]],
    [[], 100, []],
    [[0, 200], 50, [0, 50]],
  ])('owed %j from a balance of %i: %j, oldest first', (owed, balance, takes) => {
    expect(collectFromBalance(owed, balance)).toEqual(takes);
  });
});
