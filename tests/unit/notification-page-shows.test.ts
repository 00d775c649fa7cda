import { describe, expect, it } from 'vitest';
import { notificationSubject, pageShowsNotification, readPageShows } from '~/features/notifications/rules/page-shows';

// Issue 28: "never over a page that already shows the same message". A page marks the
// notification ids and the subjects (kind:order) it shows; a popup matching either gets no card.
describe('what a page shows, read from its marks', () => {
  it.each([
    ['ids and subjects, several per attribute', ['12 13', '14'], ['order_paid:R1'], [12, 13, 14], ['order_paid:R1']],
    ['junk ids are ignored', ['abc', '0', '-3', '1.5', ''], [], [], []],
    ['empty marks', [], [''], [], []],
  ])('%s', (_name, ids, subjects, expectedIds, expectedSubjects) => {
    const page = readPageShows(ids, subjects);
    expect([...page.notificationIds]).toEqual(expectedIds);
    expect([...page.subjects]).toEqual(expectedSubjects);
  });
});

describe('whether the page shows a notification', () => {
  const page = readPageShows(['7'], ['order_paid:R100']);
  it.each([
    ['消息通知 lists it (its id)', { id: 7, kind: 'broadcast', orderNo: null }, true],
    ['支付结果 of R100 shows the payment of R100', { id: 8, kind: 'order_paid', orderNo: 'R100' }, true],
    ['the payment of another order', { id: 9, kind: 'order_paid', orderNo: 'R200' }, false],
    ['another kind about R100 (a cancellation is not the payment)', { id: 10, kind: 'order_refund', orderNo: 'R100' }, false],
    ['no order and another id', { id: 11, kind: 'broadcast', orderNo: null }, false],
  ])('%s', (_name, candidate, expected) => {
    expect(pageShowsNotification(candidate, page)).toBe(expected);
  });

  it('a subject needs an order', () => {
    expect(notificationSubject('order_paid', 'R1')).toBe('order_paid:R1');
    expect(notificationSubject('order_paid', null)).toBeNull();
    expect(notificationSubject('order_paid', '')).toBeNull();
  });
});

describe('a page that shows every order of a kind (我的订单)', () => {
  const page = readPageShows([], ['order_paid:*']);
  it.each([
    ['an order paid notice of any order', { id: 1, kind: 'order_paid', orderNo: 'R2026113000000001' }, true],
    ['another kind about an order', { id: 2, kind: 'order_finished', orderNo: 'R2026113000000001' }, false],
    ['an order paid notice without an order number', { id: 3, kind: 'order_paid', orderNo: null }, false],
  ] as const)('%s: %s', (_name, candidate, shown) => {
    expect(pageShowsNotification(candidate, page)).toBe(shown);
  });
});

describe('a page whose marks are still to come (消息通知 before its rows load)', () => {
  it.each([
    ['not marked yet: unknown', readPageShows([], [], true), null],
    ['already marked by the URL: shown', readPageShows(['5'], [], true), true],
    ['nothing pending and not marked: not shown', readPageShows([], [], false), false],
  ] as const)('%s', (_name, page, expected) => {
    expect(pageShowsNotification({ id: 5, kind: 'order_refund', orderNo: 'R1' }, page)).toBe(expected);
  });
});
