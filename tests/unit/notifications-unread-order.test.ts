// @vitest-environment happy-dom
/**
 * A poll that was on its way while this tab changed the unread count (全部已读, a read 消息详情)
 * carries an older count: the badge keeps the newer one instead of going back to it for 15 s.
 */
import { describe, expect, it, vi } from 'vitest';
import type { UnreadNotifications } from '~/features/notifications/contract';

let reply: (answer: UnreadNotifications) => void = () => undefined;
vi.mock('~/features/notifications/client', () => ({
  getUnreadNotifications: () => new Promise<UnreadNotifications>((resolve) => (reply = resolve)),
  markNotificationRead: () => Promise.resolve({ id: 1, unread: 0 }),
}));

const { browserPollerEnv, setUnreadNotifications, $unreadNotifications } = await import('~/features/notifications/store');

describe('the unread count in order', () => {
  it('a poll answered after 全部已读 brings its popups but not its older count', async () => {
    const env = browserPollerEnv();
    const polled = env.fetchUnread();
    setUnreadNotifications(0);
    reply({ popups: [], unread: 1 });
    const answer = await polled;
    expect(answer.unread).toBeNaN();
    expect($unreadNotifications.get()).toBe(0);
  });

  it('a poll that started after the change is taken as it is', async () => {
    const env = browserPollerEnv();
    setUnreadNotifications(0);
    const polled = env.fetchUnread();
    reply({ popups: [], unread: 2 });
    expect((await polled).unread).toBe(2);
  });
});
