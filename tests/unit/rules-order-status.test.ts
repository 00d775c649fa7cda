/**
 * Order status (spec §3 order_status / order_status_text, §4 "Pay status check (by order_status):
 * 3 or 4 = success; 5 = code 1002; 2 = code 1001; anything else = -1", §8 toasts).
 */
import { describe, expect, it } from 'vitest';
import { MSG_PAY_RESULT_NO_ORDER, ORDER_LIST_FILTERS, orderStatusText, PAY_RESULT_TEXT, payStatusCode, type OrderKindName } from '~/features/orders/rules/order-status';

describe('pay status check (spec §4)', () => {
  it.each([
    [3, 0],
    [4, 0],
    [5, 1002],
    [2, 1001],
    [1, -1],
    [0, -1],
    [6, -1],
    [-1, -1],
  ])('order_status %i → %i', (status, code) => {
    expect(payStatusCode(status)).toBe(code);
  });

  it('/pay-result words each code', () => {
    expect(PAY_RESULT_TEXT).toEqual({ 0: '支付成功', 1001: '支付确认中', 1002: '订单已取消', [-1]: '订单未支付' });
  });

  it('the toast without an order number is the spec §8 text, exactly', () => {
    expect(MSG_PAY_RESULT_NO_ORDER).toBe('缺少商户单号,获取支付结果失败');
  });
});

describe('order_status_text per kind', () => {
  const now = new Date('2026-03-01T12:00:00+08:00');
  const minutes = (n: number): Date => new Date(now.getTime() + n * 60_000);

  it.each([
    ['rental', 3, minutes(30), '待开始'],
    ['rental', 3, minutes(0), '租赁中'],
    ['rental', 3, minutes(-60), '租赁中'],
    ['vip', 3, null, '已支付'],
    ['recharge', 3, null, '已到账'],
  ] as [OrderKindName, number, Date | null, string][])('a paid %s (status %i) starting %s reads %s', (kind, status, startsAt, text) => {
    expect(orderStatusText(kind, status, startsAt, now)).toBe(text);
  });

  it.each(['rental', 'vip', 'recharge'] as OrderKindName[])('%s: 1 待支付, 2 支付中, 4 已完成, 5 已取消, anything else 未知状态', (kind) => {
    const startsAt = kind === 'rental' ? minutes(-60) : null;
    expect([1, 2, 4, 5, 0, 6].map((status) => orderStatusText(kind, status, startsAt, now))).toEqual(['待支付', '支付中', '已完成', '已取消', '未知状态', '未知状态']);
  });

  it('the /account/order tabs: 全部, 待支付 (1 and 2), 租赁中 (3), 已完成 (4), 已取消 (5)', () => {
    expect(ORDER_LIST_FILTERS.map((filter) => [filter.key, filter.label, filter.statuses])).toEqual([
      ['all', '全部', null],
      ['unpaid', '待支付', [1, 2]],
      ['running', '租赁中', [3]],
      ['finished', '已完成', [4]],
      ['cancelled', '已取消', [5]],
    ]);
  });
});
