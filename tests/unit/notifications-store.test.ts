// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_POLL_MS, NOTIFICATION_POPUP_AUTO_CLOSE_MS } from '~/features/notifications/constants';
import type { NotificationView, UnreadNotifications } from '~/features/notifications/contract';
import { POPED_IDS_STORAGE_KEY } from '~/features/notifications/rules/notification-queue';
import { logout, setLogin } from '~/platform/stores/auth';
import { $unreadNotifications, browserPollerEnv, installNotificationPopups } from '~/features/notifications/store';
import { $notices, dismissNotice } from '~/platform/stores/ui';

// The poller bound to the page: the auth store starts and stops it, the popup is the ui store's
// notification card (spec §9 max 1, 10 s), shown ids go to localStorage.popedIdArr.

const view = (id: number, orderNo?: string): NotificationView => ({
  id,
  title: `订单支付成功${id}`,
  content: '您的订单已支付成功',
  notification_type: orderNo ? 'order_paid' : 'broadcast',
  params: orderNo ? { order_no: orderNo } : {},
  is_today: true,
  is_read: false,
  created_at: '2026-11-25T03:00:00.000Z',
});

let answer: UnreadNotifications = { popups: [], unread: 0 };
let polls = 0;
const read: number[] = [];
const signIn = (token: string): void => setLogin({ token, expires_time: Math.floor(Date.now() / 1000) + 3600 }, { id: 1, username: 'renter' });

beforeAll(() => {
  vi.useFakeTimers();
  localStorage.clear(); // signed out (the persistent auth store reads no key as signed out)
  document.body.innerHTML = '<a href="/account/account_notify">消息通知<span data-unread-badge hidden></span></a>';
  installNotificationPopups({
    ...browserPollerEnv(),
    fetchUnread: () => {
      polls += 1;
      return Promise.resolve(structuredClone(answer));
    },
    markRead: (id) => {
      read.push(id);
      return Promise.resolve({ id, unread: 0 });
    },
  });
});
afterAll(() => {
  logout();
  vi.useRealTimers();
});

describe('notification popups in the page', () => {
  it('signed out: no poll', async () => {
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 2);
    expect(polls).toBe(0);
  });

  it('signing in polls at once; an order popup is the notification card linking to the order', async () => {
    answer = { popups: [view(11, 'R20261125001'), view(12)], unread: 2 };
    signIn('token-a');
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toBe(1);
    expect($notices.get()).toEqual([
      expect.objectContaining({ title: '订单支付成功11', text: '您的订单已支付成功', href: '/account/order?order_no=R20261125001', linkText: '查看订单' }),
    ]);
    expect(JSON.parse(localStorage.getItem(POPED_IDS_STORAGE_KEY)!)).toEqual([11]);
    expect($unreadNotifications.get()).toBe(2);
    const badge = document.querySelector<HTMLElement>('[data-unread-badge]')!;
    expect([badge.hidden, badge.textContent]).toEqual([false, '2']);
  });

  it('it closes by itself after 10 s, is read, and the next (no order) links to its message', async () => {
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POPUP_AUTO_CLOSE_MS);
    expect(read).toEqual([11]);
    expect($notices.get()).toEqual([expect.objectContaining({ title: '订单支付成功12', href: '/account/notify_detail?id=12', linkText: '查看详情' })]);
  });

  it('closing the card (关闭) counts as closed: read, nothing left', async () => {
    dismissNotice($notices.get()[0]!.id);
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toEqual([11, 12]);
    expect($notices.get()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(POPED_IDS_STORAGE_KEY)!)).toEqual([11, 12]);
  });

  it('signing out stops the poll and takes the card away', async () => {
    answer = { popups: [view(13)], unread: 1 };
    // 10 s have passed since the first poll: the second is 5 s away.
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS - NOTIFICATION_POPUP_AUTO_CLOSE_MS);
    expect(polls).toBe(2);
    const before = polls;
    expect($notices.get()).toHaveLength(1);
    logout();
    expect($notices.get()).toEqual([]);
    expect($unreadNotifications.get()).toBeNull();
    expect(document.querySelector<HTMLElement>('[data-unread-badge]')!.hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(NOTIFICATION_POLL_MS * 3);
    expect(polls).toBe(before);
  });

  it('another sign-in starts again; ids already shown stay shown', async () => {
    answer = { popups: [view(11, 'R20261125001'), view(13), view(14)], unread: 3 };
    signIn('token-b');
    await vi.advanceTimersByTimeAsync(0);
    expect($notices.get().map((notice) => notice.title)).toEqual(['订单支付成功14']);
  });
});
