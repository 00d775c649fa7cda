/** Where a notification leads (issue 14), the seller's platform decisions included (issue 15). */
import { describe, expect, it } from 'vitest';
import { notificationLink } from '../../src/lib/notification-links';

describe('notificationLink', () => {
  it('an order message opens the order, whatever its kind', () => {
    expect(notificationLink({ id: 7, notification_type: 'order_paid', params: { order_no: 'R2026ABC' } })).toEqual({ href: '/account/order?order_no=R2026ABC', text: '查看订单' });
  });

  it("a certification decision opens the seller's application, a listing decision 我的出租", () => {
    expect(notificationLink({ id: 8, notification_type: 'seller_certification', params: { approved: false } })).toEqual({ href: '/seller/apply', text: '查看认证' });
    expect(notificationLink({ id: 9, notification_type: 'seller_listing', params: { listing_id: 3 } })).toEqual({ href: '/seller/listings', text: '查看我的出租' });
  });

  it('anything else opens the message itself', () => {
    expect(notificationLink({ id: 10, notification_type: 'broadcast', params: {} })).toEqual({ href: '/account/notify_detail?id=10', text: '查看详情' });
  });
});
