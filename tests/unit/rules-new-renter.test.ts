/**
 * Issue 26 "New renters' limits": at most NEW_RENTER_DAILY_ORDERS rentals a day and
 * NEW_RENTER_OPEN_MAX open at once for an account younger than NEW_RENTER_DAYS or without a
 * finished rental (our constants: 7 days, 5 a day, 2 open).
 */
import { describe, expect, it } from 'vitest';
import { NEW_RENTER_DAILY_ORDERS, NEW_RENTER_DAYS, NEW_RENTER_OPEN_MAX } from '~/features/orders/constants';
import { MSG_NEW_RENTER_DAILY, MSG_NEW_RENTER_OPEN, isNewRenter, newRenterRefusal } from '~/features/orders/rules/new-renter';

const DAY = 86_400_000;
const NOW = new Date('2026-11-29T12:00:00+08:00');
const ago = (days: number): Date => new Date(NOW.getTime() - days * DAY);

describe('who is a new renter', () => {
  it('uses the constants the issue asks for', () => {
    expect([NEW_RENTER_DAYS, NEW_RENTER_DAILY_ORDERS, NEW_RENTER_OPEN_MAX]).toEqual([7, 5, 2]);
  });

  it.each([
    ['registered today, no rental finished', ago(0), false, true],
    ['registered today, a rental finished', ago(0), true, true],
    ['6 days 23 h old with history', new Date(ago(7).getTime() + 3_600_000), true, true],
    ['exactly 7 days old with history', ago(7), true, false],
    ['a year old with history', ago(365), true, false],
    ['a year old, never finished a rental', ago(365), false, true],
  ])('%s', (_name, createdAt, hasFinishedRental, expected) => {
    expect(isNewRenter({ createdAt, hasFinishedRental }, NOW)).toBe(expected);
  });
});

describe('what a new renter may book', () => {
  it.each([
    [0, 0, null],
    [4, 1, null],
    [5, 0, MSG_NEW_RENTER_DAILY],
    [0, 2, MSG_NEW_RENTER_OPEN],
    [9, 3, MSG_NEW_RENTER_OPEN], // the open limit is named first: it clears sooner
  ])('%i booked today, %i open: %s', (bookedToday, open, message) => {
    expect(newRenterRefusal({ bookedToday, open })).toBe(message);
  });

  it('the messages say the limit and how it lifts', () => {
    expect(MSG_NEW_RENTER_DAILY).toBe('新用户每天最多租号5次，请明天再来；完成一次租赁且注册满7天后不再限制');
    expect(MSG_NEW_RENTER_OPEN).toBe('新用户最多同时租用2个账号，请先完成或取消当前订单；完成一次租赁且注册满7天后不再限制');
  });
});
