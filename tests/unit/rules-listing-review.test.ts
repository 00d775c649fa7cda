/**
 * Issue 15 "Sellers and listings": what the review queue shows of a pending listing, and the
 * platform hold behind the console's 下架 (src/features/sellers/rules/listing-review.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  MSG_ALREADY_HELD,
  MSG_HOLD_DELETED,
  MSG_NOT_HELD,
  canRestore,
  canTakeDown,
  heldRelistMessage,
  reviewChange,
  reviewFromAfterSave,
  sellerMoveWhileHeld,
} from '~/features/sellers/rules/listing-review';

describe('the approved price a pending change replaces', () => {
  it.each([
    ['a new listing remembers nothing', null, 'pending', null],
    ['an approved listing going back to review remembers its price', { reviewStatus: 'approved', rentalFen: 400, reviewFromRentalFen: null }, 'pending', 400],
    ['a listing already waiting keeps what it remembered', { reviewStatus: 'pending', rentalFen: 900, reviewFromRentalFen: 400 }, 'pending', 400],
    ['a rejected price change sent again keeps the approved price', { reviewStatus: 'rejected', rentalFen: 900, reviewFromRentalFen: 400 }, 'pending', 400],
    ['a rejected new listing sent again is still new', { reviewStatus: 'rejected', rentalFen: 900, reviewFromRentalFen: null }, 'pending', null],
    ['a save that stays approved remembers nothing', { reviewStatus: 'approved', rentalFen: 400, reviewFromRentalFen: null }, 'approved', null],
  ] as const)('%s', (_name, previous, next, expected) => {
    expect(reviewFromAfterSave(previous, next)).toBe(expected);
  });
});

describe('what the queue shows of a change', () => {
  it.each([
    [null, 500, { kind: 'new' }],
    [400, 900, { kind: 'price', fromFen: 400, toFen: 900, changePercent: 125 }],
    [1000, 450, { kind: 'price', fromFen: 1000, toFen: 450, changePercent: -55 }],
    [300, 400, { kind: 'price', fromFen: 300, toFen: 400, changePercent: 33.3 }],
    [0, 100, { kind: 'price', fromFen: 0, toFen: 100, changePercent: null }],
  ] as const)('from %s fen to %s fen', (from, to, expected) => {
    expect(reviewChange(from, to)).toEqual(expected);
  });
});

describe('the platform hold', () => {
  it('takes down any listing the seller has not deleted, once', () => {
    expect(canTakeDown({ sellerState: 'on_shelf', held: false })).toEqual({ ok: true });
    expect(canTakeDown({ sellerState: 'off_shelf', held: false })).toEqual({ ok: true });
    expect(canTakeDown({ sellerState: 'maintenance', held: false })).toEqual({ ok: true });
    expect(canTakeDown({ sellerState: 'on_shelf', held: true })).toEqual({ ok: false, error: MSG_ALREADY_HELD });
    expect(canTakeDown({ sellerState: 'deleted', held: false })).toEqual({ ok: false, error: MSG_HOLD_DELETED });
  });

  it('restores only a held listing', () => {
    expect(canRestore({ held: true })).toEqual({ ok: true });
    expect(canRestore({ held: false })).toEqual({ ok: false, error: MSG_NOT_HELD });
  });

  it('the seller may take a held listing off the shelf or into maintenance, never back on it', () => {
    const hold = { reason: '图片违规' };
    expect(sellerMoveWhileHeld('on_shelf', hold)).toEqual({ ok: false, error: heldRelistMessage('图片违规') });
    expect(heldRelistMessage('图片违规')).toBe('该账号已被平台下架（原因：图片违规），请联系客服恢复后再上架');
    expect(sellerMoveWhileHeld('off_shelf', hold)).toEqual({ ok: true });
    expect(sellerMoveWhileHeld('maintenance', hold)).toEqual({ ok: true });
    expect(sellerMoveWhileHeld('on_shelf', null)).toEqual({ ok: true });
  });
});
