/**
 * 我的出租's bulk rules (features/sellers/rules/listing-bulk.ts): each listing goes by the rules
 * of the single-item calls, one refusal refuses the batch naming the listing, and rows already as
 * asked are reported unchanged rather than refused.
 */
import { describe, expect, it } from 'vitest';
import { bulkRefusal, planBulkMove, planBulkPrice, type BulkListing } from '~/features/sellers/rules/listing-bulk';

const listing = (id: number, overrides: Partial<BulkListing> = {}): BulkListing => ({
  id,
  sellerState: 'on_shelf',
  reviewStatus: 'approved',
  rentalFen: 1_000,
  reviewFromRentalFen: null,
  hold: null,
  ...overrides,
});

describe('bulk 上架 / 下架', () => {
  it.each([
    ['off the shelf → on, listed when approved', listing(1, { sellerState: 'off_shelf' }), 'on_shelf', { id: 1, sellerState: 'on_shelf', isListed: true }],
    ['maintenance → on while pending review: on the shelf, not listed yet', listing(2, { sellerState: 'maintenance', reviewStatus: 'pending' }), 'on_shelf', { id: 2, sellerState: 'on_shelf', isListed: false }],
    ['on → off the shelf, not listed', listing(3), 'off_shelf', { id: 3, sellerState: 'off_shelf', isListed: false }],
    ['a held listing may go off the shelf', listing(4, { hold: { reason: '图片违规' } }), 'off_shelf', { id: 4, sellerState: 'off_shelf', isListed: false }],
  ] as const)('%s', (_name, row, target, change) => {
    expect(planBulkMove([row], target)).toEqual({ ok: true, changes: [change], unchanged: [] });
  });

  it('a row already in the asked state is unchanged, not refused', () => {
    expect(planBulkMove([listing(1), listing(2, { sellerState: 'off_shelf' })], 'off_shelf')).toEqual({
      ok: true,
      changes: [{ id: 1, sellerState: 'off_shelf', isListed: false }],
      unchanged: [2],
    });
  });

  it('a held listing refuses a bulk 上架 as a whole, naming it with the platform reason', () => {
    const plan = planBulkMove([listing(1, { sellerState: 'off_shelf' }), listing(7, { sellerState: 'off_shelf', hold: { reason: '图片违规' } })], 'on_shelf');
    expect(plan).toEqual({ ok: false, id: 7, error: '该账号已被平台下架（原因：图片违规），请联系客服恢复后再上架' });
  });

  it('a deleted listing refuses the batch', () => {
    expect(planBulkMove([listing(3, { sellerState: 'deleted' })], 'off_shelf')).toEqual({ ok: false, id: 3, error: '该账号已删除' });
  });

  it('the batch message names the listing', () => {
    expect(bulkRefusal(12, '账号不存在')).toBe('编号 12：账号不存在');
  });
});

describe('bulk 改价', () => {
  const off = { enabled: false, ratio: 0.5 };
  const on = { enabled: true, ratio: 0.5 };

  it('review off: every changed price is approved at once and stays listed', () => {
    expect(planBulkPrice([listing(1), listing(2, { rentalFen: 500 })], 500, off)).toEqual({
      ok: true,
      changes: [{ id: 1, rentalFen: 500, reviewStatus: 'approved', reviewFromRentalFen: null, isListed: true }],
      unchanged: [2],
    });
  });

  it.each([
    ['+50% exactly stays approved', 1_500, 'approved', null, true],
    ['+51% goes back to review, remembering the approved price', 1_510, 'pending', 1_000, false],
    ['-60% goes back to review too', 400, 'pending', 1_000, false],
  ] as const)('review on: %s', (_name, newFen, reviewStatus, from, isListed) => {
    const plan = planBulkPrice([listing(1)], newFen, on);
    expect(plan).toEqual({ ok: true, changes: [{ id: 1, rentalFen: newFen, reviewStatus, reviewFromRentalFen: from, isListed }], unchanged: [] });
  });

  it('review on: a rejected listing whose price changes is sent back to review', () => {
    const plan = planBulkPrice([listing(1, { reviewStatus: 'rejected', reviewFromRentalFen: 800 })], 1_100, on);
    expect(plan).toMatchObject({ ok: true, changes: [{ id: 1, reviewStatus: 'pending', reviewFromRentalFen: 800, isListed: false }] });
  });

  it('a held listing keeps off the hall whatever the price', () => {
    expect(planBulkPrice([listing(1, { hold: { reason: 'x' } })], 900, off)).toMatchObject({ ok: true, changes: [{ isListed: false }] });
  });
});
