/**
 * Order views the island tests render: the contract's whole shape (src/features/wallet/client/money.ts), so a new
 * field is added once here rather than in every suite.
 */
import type { OrderActions, OrderView } from '~/features/wallet/client/money';

export const NO_ACTIONS: OrderActions = {
  can_pay: false,
  can_cancel: false,
  can_renew: false,
  can_complain: false,
  can_view_credentials: false,
  can_charge_game_money: false,
  can_review: false,
  can_report_login_failure: false,
};

/** A paid, running daily rental of a hafu-coin account with a VIP discount and a reservation. */
export function runningRental(overrides: Partial<OrderView> = {}): OrderView {
  return {
    order_no: 'R202501010001',
    kind: 'rental',
    order_status: 3,
    order_status_text: '租赁中',
    pay_status_code: 0,
    rental_id: 6,
    rental_option: 'daily',
    option_label: '日租',
    hours: 24,
    bonus_hours: 2,
    reserved: true,
    hire_start_time: '2025-01-01T02:00:00.000Z',
    hire_end_time: '2025-01-02T04:00:00.000Z',
    is_free: false,
    hire_original_prices: '48.00',
    hire_activity_discount_prices: '0.00',
    hire_vip_discount_prices: '2.00',
    hire_coupon_discount_prices: '0.00',
    hire_real_pay_prices: '46.00',
    deposit: '20.00',
    total: '66.00',
    total_fen: 6600,
    hire_game_money_prices: '0.00',
    hire_refund_game_money_prices: '0.00',
    refund_amount: '0.00',
    deposit_returned: '0.00',
    red_packet: null,
    pay_channel: 'wallet',
    pay_deadline: '2025-01-01T02:15:00.000Z',
    paid_at: '2025-01-01T02:01:00.000Z',
    hire_order_time: '2025-01-01T02:00:00.000Z',
    productInfo: {
      id: 42,
      title: '三角洲 满配红卡号',
      img: '/uploads/42.jpg',
      game_name: '三角洲行动',
      role_name: '雷霆',
      is_hafu: true,
      hafu_prepay: '15.00',
    },
    vip_plan: null,
    review_id: null,
    actions: { ...NO_ACTIONS, can_view_credentials: true, can_renew: true, can_complain: true, can_cancel: true },
    login_failure: { report_until: null, refund: '66.00', refund_fen: 6_600, compensation: '9.20', compensation_fen: 920, case: null },
    ...overrides,
  };
}

/** A finished 2-hour hourly rental paid by Alipay, no deposit, waiting for its review. */
export function finishedRental(overrides: Partial<OrderView> = {}): OrderView {
  return runningRental({
    order_status: 4,
    order_status_text: '已完成',
    rental_id: 1,
    rental_option: 'hourly',
    option_label: '时租',
    hours: 2,
    bonus_hours: 0,
    reserved: false,
    hire_start_time: '2025-01-01T12:00:00.000Z',
    hire_end_time: '2025-01-01T14:00:00.000Z',
    hire_original_prices: '10.00',
    hire_vip_discount_prices: '0.00',
    hire_real_pay_prices: '10.00',
    deposit: '0.00',
    total: '10.00',
    total_fen: 1000,
    pay_channel: 'alipay',
    pay_deadline: '2025-01-01T12:15:00.000Z',
    paid_at: '2025-01-01T12:00:30.000Z',
    hire_order_time: '2025-01-01T12:00:00.000Z',
    productInfo: { id: 42, title: '王者荣耀 满皮肤号', img: '/uploads/42.jpg', game_name: '王者荣耀', role_name: '清风', is_hafu: false, hafu_prepay: null },
    actions: { ...NO_ACTIONS, can_complain: true, can_review: true },
    ...overrides,
  });
}
