import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMISSION_BPS_BY_CERT_TYPE, EARNINGS_HOLD_HOURS } from '~/platform/config/constants';
import { cancelRefund } from '~/features/orders/rules/refund';
import { commissionBps, isReleasable, releaseTime, settleRental, splitRent, type CertType } from '~/features/sellers/rules/settlement';

// Issue 13 "Unit tables: commission and hold per cert_type, release times, refund effects on the
// release". The rates and the hold are our defaults (docs/decisions.md "Settlement").

const ENDED = new Date('2026-11-24T12:00:00Z');

describe('commission per cert_type', () => {
  it.each([
    [0, '个人号主', 1_000],
    [1, '店铺', 800],
    [2, '商家', 600],
  ] as const)('cert_type %i (%s) pays %i basis points', (certType, _label, bps) => {
    expect(commissionBps(certType)).toBe(bps);
  });

  it('an unknown cert_type is refused', () => {
    expect(() => commissionBps(3 as CertType)).toThrow(RangeError);
  });
});

describe('one rental settled', () => {
  it.each([
    // certType, rent, refunded, commission, seller
    [0, 10_000, 0, 1_000, 9_000],
    [1, 10_000, 0, 800, 9_200],
    [2, 10_000, 0, 600, 9_400],
    [0, 1_005, 0, 101, 904], // 100.5 rounds half up
    [0, 1_004, 0, 100, 904],
    [0, 10_000, 5_000, 500, 4_500], // 50% early-cancel refund halves the base
    [1, 10_000, 10_000, 0, 0], // fully refunded: nothing to release
    [2, 0, 0, 0, 0], // a free rental earns nothing
  ] as const)('cert %i, rent %i, refunded %i → commission %i, seller %i', (certType, rentFen, refundedRentFen, commissionFen, sellerFen) => {
    const settled = settleRental({ certType, rentFen, refundedRentFen, endedAt: ENDED });
    expect(settled).toMatchObject({ commissionFen, sellerFen, netRentFen: rentFen - refundedRentFen });
  });

  it('is held until the rental end plus the hold window', () => {
    const settled = settleRental({ certType: 0, rentFen: 1_000, refundedRentFen: 0, endedAt: ENDED });
    expect(settled.releaseAt.toISOString()).toBe('2026-11-25T12:00:00.000Z');
    expect(isReleasable(settled, new Date('2026-11-25T11:59:59.999Z'))).toBe(false);
    expect(isReleasable(settled, new Date('2026-11-25T12:00:00.000Z'))).toBe(true);
    expect(settleRental({ certType: 0, rentFen: 1_000, refundedRentFen: 0, endedAt: ENDED }, 0).releaseAt).toEqual(ENDED);
  });

  it.each([
    ['a negative rent', -1, 0],
    ['a fractional rent', 10.5, 0],
    ['a refund above the rent', 100, 101],
    ['a negative refund', 100, -1],
  ])('refuses %s', (_label, rentFen, refundedRentFen) => {
    expect(() => settleRental({ certType: 0, rentFen, refundedRentFen, endedAt: ENDED })).toThrow(RangeError);
  });

  it('rent paid = seller earnings + commission + refunds, to the fen, for any amounts', () => {
    fc.assert(
      fc.property(fc.constantFrom<CertType>(0, 1, 2), fc.integer({ min: 0, max: 100_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (certType, rentFen, refundShare) => {
        const refundedRentFen = Math.floor(rentFen * refundShare);
        const settled = settleRental({ certType, rentFen, refundedRentFen, endedAt: ENDED });
        expect(settled.sellerFen + settled.commissionFen + refundedRentFen).toBe(rentFen);
        expect(settled.commissionFen).toBeGreaterThanOrEqual(0);
        expect(settled.sellerFen).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

// Issue 13 "Orders, earnings, payouts": the defaults the issue names (individual 10 %, store 8 %,
// merchant 6 %, a 24 h complaint window), the split at any rate the setting may hold, the fen
// boundary, the release time, and what refunds do to the amount released.

describe('the defaults are the issue’s', () => {
  it.each([
    [0, 1_000, 24],
    [1, 800, 24],
    [2, 600, 24],
  ] as const)('cert_type %i: commission %i bps, hold %i h', (certType, bps, holdHours) => {
    expect(COMMISSION_BPS_BY_CERT_TYPE[certType]).toBe(bps);
    expect(commissionBps(certType)).toBe(bps);
    expect(EARNINGS_HOLD_HOURS).toBe(holdHours);
    const settled = settleRental({ certType, rentFen: 10_000, refundedRentFen: 0, endedAt: ENDED });
    expect(settled.commissionFen).toBe(bps);
    expect(settled.releaseAt.getTime() - ENDED.getTime()).toBe(holdHours * 3_600_000);
  });
});

describe('splitRent at an explicit rate (the setting may hold any 0-10000 bps)', () => {
  it.each([
    // bps, rent, refunded, commission, seller
    [0, 12_345, 0, 0, 12_345], // no commission: the seller keeps every fen
    [10_000, 12_345, 0, 12_345, 0], // the whole rent: the seller gets nothing
    [10_000, 12_345, 345, 12_000, 0],
    [1, 10_000, 0, 1, 9_999],
    [1, 4_999, 0, 0, 4_999], // 0.4999 fen rounds down
    [1, 5_000, 0, 1, 4_999], // 0.5 fen rounds half up
    [2_500, 2, 0, 1, 1], // 0.5 fen rounds half up
    [2_500, 1, 0, 0, 1], // 0.25 fen rounds down
    [600, 25, 0, 2, 23], // 1.5 fen: exact in integers, where 25 × 0.06 in floats is 1.4999…
    [600, 24, 0, 1, 23], // 1.44 fen
    [800, 1_006, 0, 80, 926], // 80.48 fen
    [800, 1_007, 0, 81, 926], // 80.56 fen
    [1_000, 5, 0, 1, 4], // 0.5 fen
    [1_000, 4, 0, 0, 4], // 0.4 fen
    [1_000, 0, 0, 0, 0],
    [1_000, 100_000_000, 0, 10_000_000, 90_000_000],
  ] as const)('%i bps of rent %i (refunded %i) → commission %i, seller %i', (bps, rentFen, refundedRentFen, commissionFen, sellerFen) => {
    const split = splitRent({ commissionBps: bps, rentFen, refundedRentFen });
    expect(split).toEqual({ netRentFen: rentFen - refundedRentFen, commissionFen, sellerFen });
    expect(split.sellerFen + split.commissionFen + refundedRentFen).toBe(rentFen);
  });

  it.each([-1, 10_001, 1.5, Number.NaN])('refuses a rate of %s bps', (bps) => {
    expect(() => splitRent({ commissionBps: bps, rentFen: 100, refundedRentFen: 0 })).toThrow(RangeError);
  });

  it('rounds half up at the fen boundary, exactly as integers do, for every rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 100_000_000 }), (bps, rentFen) => {
        const { commissionFen } = splitRent({ commissionBps: bps, rentFen, refundedRentFen: 0 });
        // floor((net × bps + 5000) / 10000) in BigInt: the migration's SQL backfill computes the same.
        expect(BigInt(commissionFen)).toBe((BigInt(rentFen) * BigInt(bps) + 5_000n) / 10_000n);
      }),
    );
  });
});

describe('release time', () => {
  it.each([
    [0, '2026-11-24T12:00:00.000Z'],
    [1, '2026-11-24T13:00:00.000Z'],
    [24, '2026-11-25T12:00:00.000Z'],
    [72, '2026-11-27T12:00:00.000Z'],
    [24 * 90, '2027-02-22T12:00:00.000Z'],
  ])('a rental ended at 2026-11-24 12:00 UTC with a %i h hold is released at %s', (holdHours, releaseAt) => {
    expect(releaseTime(ENDED, holdHours).toISOString()).toBe(releaseAt);
  });

  it('defaults to the 24 h hold, across a month end and in UTC whatever the local zone', () => {
    expect(releaseTime(new Date('2026-11-30T20:30:00+08:00')).toISOString()).toBe('2026-12-01T12:30:00.000Z');
  });

  it('is releasable from the release instant on, not a millisecond before', () => {
    const releaseAt = releaseTime(ENDED, 24);
    expect(isReleasable({ releaseAt }, new Date(releaseAt.getTime() - 1))).toBe(false);
    expect(isReleasable({ releaseAt }, releaseAt)).toBe(true);
    expect(isReleasable({ releaseAt }, new Date(releaseAt.getTime() + 1))).toBe(true);
  });
});

describe('refunds reduce what is released', () => {
  const STARTS = new Date('2026-11-24T08:00:00Z');
  const hoursAfterStart = (hours: number): Date => new Date(STARTS.getTime() + hours * 3_600_000);

  it.each([
    // certType, rent, cancelled at (hours after the start of a 10-hour rental), §4 refund, commission, released
    [0, 10_000, -6, 10_000, 0, 0], // a reservation cancelled more than 5 h ahead: full refund, 0 released
    [0, 10_000, -1, 5_000, 500, 4_500], // within 2 h of the start: the owner keeps 50 %
    [1, 10_000, -2.5, 7_000, 240, 2_760], // within 3 h: 30 % kept
    [2, 10_000, -4, 9_000, 60, 940], // within 5 h: 10 % kept
    [0, 10_000, 1.5, 5_000, 500, 4_500], // 2 hours begun: 8 of 10 unused, but the owner keeps at least 50 %
    [0, 10_000, 6, 3_000, 700, 6_300], // 7 hours begun: 3 of 10 back
    [0, 10_000, 9.5, 0, 1_000, 9_000], // the last hour begun: nothing back, the full base
    [0, 1_005, 1, 502, 50, 453], // the 50 % fee of 1005 is 502.5 → 503 kept, 502 back; 10 % of 503 is 50.3 → 50
    [2, 25, 1, 12, 1, 12], // 13 kept; 6 % of 13 is 0.78 → 1
  ] as const)('cert %i, rent %i cancelled at %s h from the start: refund %i, commission %i, released %i', (certType, rentFen, hours, refundFen, commissionFen, releasedFen) => {
    const refund = cancelRefund({ payFen: rentFen, depositFen: 500, startsAt: STARTS, endsAt: hoursAfterStart(10), unusedGameMoneyFen: 0 }, hoursAfterStart(hours));
    expect(refund.refundFen).toBe(refundFen);
    const settled = settleRental({ certType, rentFen, refundedRentFen: refund.refundFen, endedAt: hoursAfterStart(hours) });
    expect(settled).toMatchObject({ netRentFen: rentFen - refundFen, commissionFen, sellerFen: releasedFen });
    // The deposit goes back to the renter in full and never enters the seller's base.
    expect(settled.sellerFen + settled.commissionFen + refund.refundFen).toBe(rentFen);
  });

  it('a partial refund takes the commission from the reduced base, never from the rent charged', () => {
    const full = splitRent({ commissionBps: 1_000, rentFen: 10_000, refundedRentFen: 0 });
    const partial = splitRent({ commissionBps: 1_000, rentFen: 10_000, refundedRentFen: 4_000 });
    expect(partial.commissionFen).toBe(600);
    expect(full.sellerFen - partial.sellerFen).toBe(4_000 - (full.commissionFen - partial.commissionFen));
  });

  it('more refund never releases more, and a full refund always releases 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (bps, rentFen, share) => {
        const refunded = Math.floor(rentFen * share);
        const less = splitRent({ commissionBps: bps, rentFen, refundedRentFen: refunded });
        const more = splitRent({ commissionBps: bps, rentFen, refundedRentFen: Math.min(rentFen, refunded + 1) });
        expect(more.sellerFen).toBeLessThanOrEqual(less.sellerFen);
        expect(splitRent({ commissionBps: bps, rentFen, refundedRentFen: rentFen })).toEqual({ netRentFen: 0, commissionFen: 0, sellerFen: 0 });
      }),
    );
  });
});
