/**
 * Where a notification leads (issue 14; issue 15 adds the complaint decision's own link): a link
 * the server put in params.link is followed only when it is one of the allowed places, so a message
 * can never send anyone off the site; otherwise an order's news opens the order, anything else the
 * message itself.
 */
import { describe, expect, it } from 'vitest';
import { COMPLAINT_LIST_LINK, notificationLink, notificationTarget, sellerOrderLink } from '~/features/notifications/notification-links';

describe('notificationTarget', () => {
  it.each<[string, unknown, { href: string; text: string } | null]>([
    ['the renter’s complaint list', { link: '/account/complain', order_no: 'R1' }, { href: '/account/complain', text: '查看投诉' }],
    ['the owner’s one order', { link: '/seller/orders?order_no=R2026112620361941030333' }, { href: '/seller/orders?order_no=R2026112620361941030333', text: '查看订单' }],
    ['another site', { link: 'https://evil.example/' }, null],
    ['a protocol-relative address', { link: '//evil.example/account/complain' }, null],
    ['another page of ours', { link: '/account/purse' }, null],
    ['a seller link with more in it', { link: '/seller/orders?order_no=R1&x=<script>' }, null],
    ['a script URL', { link: 'javascript:alert(1)' }, null],
    ['the renter’s wanted task', { link: '/task?id=42', task_id: 42 }, { href: '/task?id=42', text: '查看报价' }],
    ['a task link with more in it', { link: '/task?id=42&next=//evil.example' }, null],
    ['no link', { order_no: 'R1' }, null],
    ['no params', null, null],
  ])('%s', (_name, params, expected) => {
    expect(notificationTarget(params)).toEqual(expected);
  });

  it('builds the owner’s link from the order number', () => {
    expect(sellerOrderLink('R20261126')).toBe('/seller/orders?order_no=R20261126');
    expect(notificationTarget({ link: sellerOrderLink('R20261126') })).not.toBeNull();
    expect(COMPLAINT_LIST_LINK).toBe('/account/complain');
  });
});

describe('notificationLink (the popup)', () => {
  it.each<[string, unknown, { href: string; text: string }]>([
    ['a decision opens the complaint, not the order', { order_no: 'R1', link: '/account/complain' }, { href: '/account/complain', text: '查看投诉' }],
    ['order news opens the order', { order_no: 'R1' }, { href: '/account/order?order_no=R1', text: '查看订单' }],
    ['a bad link falls back to the order', { order_no: 'R1', link: 'https://evil.example/' }, { href: '/account/order?order_no=R1', text: '查看订单' }],
    ['anything else opens the message', {}, { href: '/account/notify_detail?id=7', text: '查看详情' }],
  ])('%s', (_name, params, expected) => {
    expect(notificationLink({ id: 7, notification_type: 'order_paid', params: params as Record<string, unknown> })).toEqual(expected);
  });
});

describe('notificationLink (seller decisions)', () => {
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
