import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderInfo, WechatNativeQr } from '~/features/wallet/contract/money';

// The island runs against the contract only: the order-info call is a mock.
vi.mock('~/features/orders/client/orders', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/orders/client/orders')>();
  return { ...actual, getOrderInfo: vi.fn() };
});

const orders = await import('~/features/orders/client/orders');
const { ApiError } = await import('~/platform/client/errors');
const { default: WechatNativeCheckout, WechatNativePanel, payResultUrl, watchWechatPayment, WECHAT_PAY_POLL_MS, WECHAT_PAYMENT_CLOSED_TEXT, WECHAT_SCAN_HINT_TEXT } = await import(
  '~/features/wallet/ui/WechatNativeCheckout'
);

const QR: WechatNativeQr = {
  pay_no: 'P2026112420000012345678',
  order_no: 'R2026112420000087654321',
  subject: '租号订单 R2026112420000087654321',
  amount: '12.50',
  amount_fen: 1250,
  status: 'waiting',
  qr_image: 'data:image/svg+xml;base64,PHN2Zy8+',
  pay_deadline: '2026-11-24T12:15:00.000Z',
};

const info = (pay_status_code: OrderInfo['pay_status_code']): OrderInfo => ({ order_no: QR.order_no, kind: 'rental', order_status: 2, order_status_text: '', pay_status_code });

afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('WeChat Native payer page', () => {
  it('shows the QR, the amount and the subject while the payment waits', () => {
    const markup = renderToStaticMarkup(createElement(WechatNativePanel, { qr: QR }));
    expect(markup).toContain(`src="${QR.qr_image}"`);
    expect(markup).toContain('alt="微信支付二维码"');
    expect(markup).toContain('¥12.50');
    expect(markup).toContain(QR.subject);
    expect(markup).toContain(WECHAT_SCAN_HINT_TEXT);
    // 20:15 in Shanghai (spec: time rules in Asia/Shanghai).
    expect(markup).toContain('请在 20:15 前完成支付');
    expect(markup).toContain('role="status"');
    expect(markup).toContain(`href="/pay-result?order_no=${QR.order_no}"`);
  });

  it('shows no QR once closed, paid, or past its deadline', () => {
    const closed = renderToStaticMarkup(createElement(WechatNativePanel, { qr: { ...QR, status: 'closed', qr_image: null } }));
    expect(closed).not.toContain('<img');
    expect(closed).toContain(WECHAT_PAYMENT_CLOSED_TEXT);
    const expired = renderToStaticMarkup(createElement(WechatNativePanel, { qr: QR, expired: true }));
    expect(expired).not.toContain('<img');
    expect(expired).toContain(WECHAT_PAYMENT_CLOSED_TEXT);
    expect(renderToStaticMarkup(createElement(WechatNativePanel, { qr: { ...QR, status: 'paid', qr_image: null } }))).toContain('该笔订单已支付');
  });

  it('asks a signed-out visitor to sign in (the QR is only fetched with the owner token)', () => {
    const markup = renderToStaticMarkup(createElement(WechatNativeCheckout, { payNo: QR.pay_no }));
    expect(markup).toContain('登录后查看支付二维码');
    expect(markup).not.toContain('<img');
  });

  it('sends the payer to /pay-result of the order', () => {
    expect(payResultUrl('R1 2')).toBe('/pay-result?order_no=R1%202');
  });

  it('polls order/info while 支付确认中 (failures included) and settles when the order is paid', async () => {
    vi.useFakeTimers();
    const getOrderInfo = vi.mocked(orders.getOrderInfo);
    getOrderInfo
      .mockResolvedValueOnce(info(1001))
      .mockRejectedValueOnce(new ApiError({ kind: 'network', msg: '网络异常' }))
      .mockResolvedValueOnce(info(0));
    const onSettled = vi.fn();
    const onExpired = vi.fn();
    const stop = watchWechatPayment(QR.order_no, new Date(Date.now() + 60 * 60_000), { onSettled, onExpired });
    expect(getOrderInfo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WECHAT_PAY_POLL_MS);
    await vi.advanceTimersByTimeAsync(WECHAT_PAY_POLL_MS);
    expect(onSettled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(WECHAT_PAY_POLL_MS);
    expect(getOrderInfo).toHaveBeenCalledTimes(3);
    expect(getOrderInfo).toHaveBeenCalledWith(QR.order_no, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(onSettled).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(WECHAT_PAY_POLL_MS * 3);
    expect(getOrderInfo).toHaveBeenCalledTimes(3);
    expect(onExpired).not.toHaveBeenCalled();
    stop();
  });

  it('stops at the pay deadline, and when stopped', async () => {
    vi.useFakeTimers();
    const getOrderInfo = vi.mocked(orders.getOrderInfo);
    getOrderInfo.mockResolvedValue(info(1001));
    const onExpired = vi.fn();
    watchWechatPayment(QR.order_no, new Date(Date.now() + WECHAT_PAY_POLL_MS * 2), { onSettled: vi.fn(), onExpired });
    await vi.advanceTimersByTimeAsync(WECHAT_PAY_POLL_MS * 5);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(getOrderInfo).toHaveBeenCalledTimes(2);

    getOrderInfo.mockClear();
    const stop = watchWechatPayment(QR.order_no, new Date(Date.now() + 60_000), { onSettled: vi.fn(), onExpired: vi.fn() });
    stop();
    await vi.advanceTimersByTimeAsync(WECHAT_PAY_POLL_MS * 3);
    expect(getOrderInfo).not.toHaveBeenCalled();
  });
});
