import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionBps, isReleasable, settleRental, type CertType } from '~/lib/rules/settlement';

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
