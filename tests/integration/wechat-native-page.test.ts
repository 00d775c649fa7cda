/**
 * WeChat Pay Native's payer page (docs/providers-payment.md): with the live WeChat adapter on a
 * local fake gateway, paying an order or a recharge sends the browser to /pay/wechat/<pay_no>, and
 * GET pay/wechat/qr draws the gateway's code as a QR for the payment's owner only (another user's
 * token: 404, as the order calls answer). The code is asked again with the very same fields and
 * never leaves the server as text; a paid payment is not asked for again.
 */
import { eq } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayCheckout, PayResult, WechatNativeQr } from '~/features/wallet/contract/money';
import { matchRoute } from '~/platform/config/routes';
import type { Db } from '~/platform/db/client';
import { orders, users } from '~/platform/db/schema';
import { createPaymentGateways, setPaymentGateways } from '~/platform/providers/payment';
import { handlePaymentNotify } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { MSG_WECHAT_PAYMENT_NOT_FOUND } from '~/features/wallet/server/wechat-native';
import { GET as qrRoute } from '~/pages/api/v1/pay/wechat/qr';
import { POST as payRoute } from '~/pages/api/v1/order/pay';
import { POST as rechargeRoute } from '~/pages/api/v1/account/recharge';
import { bookableListingIds } from './bookable-listings';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { FakeWechatPay } from './fake-wechatpay';
import { useSuiteDatabase } from './route-context';

const PUBLIC_BASE = 'https://pay.example.com';

const svgOf = (dataUrl: string | null): string => {
  expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  return Buffer.from(dataUrl!.slice(dataUrl!.indexOf(',') + 1), 'base64').toString('utf8');
};

it('the payer page has its route in the table (main layout)', () => {
  const match = matchRoute('/pay/wechat/P2026112420000012345678');
  expect(match.route).toMatchObject({ name: 'pay_wechat', layout: 'main' });
  expect(match.params).toEqual({ payNo: 'P2026112420000012345678' });
});

describe.each(TEST_DRIVERS)('WeChat Pay Native payer page on $label', ({ driver, skip }) => {
  let db: Db;
  let listingIds: number[] = [];
  const wechat = new FakeWechatPay();
  let serial = 0;

  async function renter(): Promise<{ userId: number; authorization: string }> {
    const now = new Date();
    const userId = await db.transaction((tx) => createUser(tx, { username: `wx_native_${Date.now().toString(36)}_${(serial += 1)}`, nickname: '扫码付款' }, now));
    if (userId === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true }).where(eq(users.id, userId));
    return { userId, authorization: `Bearer ${(await issueToken(db, userId, { now })).token}` };
  }

  /** An order of `userId` paid with WeChat through POST order/pay. */
  async function payingByWechat(userId: number, authorization: string): Promise<GatewayCheckout & { total_fen: number }> {
    const listingId = listingIds.shift();
    if (listingId === undefined) throw new Error('the demo seed has no free listing left');
    const order = await createOrder(db, userId, { account_id: listingId, option: 'hourly', hours: 3 }, null, new Date());
    const answer = expectOk(
      await callRoute<PayResult>(payRoute, '/api/v1/order/pay', { method: 'POST', authorization, body: { order_no: order.order_no, channel: 'wechat' }, headers: { 'Idempotency-Key': `wx-native-${(serial += 1)}` } }),
    );
    if (answer.paid) throw new Error('a gateway payment cannot be paid at once');
    return { order_no: answer.order_no, pay_no: answer.pay_no, checkout_url: answer.checkout_url, total_fen: order.total_fen };
  }

  const askQr = (payNo: string, authorization?: string) => callRoute<WechatNativeQr>(qrRoute, `/api/v1/pay/wechat/qr?pay_no=${encodeURIComponent(payNo)}`, authorization === undefined ? {} : { authorization });
  const nativeCalls = (): number => wechat.calls.filter((call) => call.path === '/v3/pay/transactions/native').length;

  // The gateway starts before the database opens and stops after it closes (after-hooks run in
  // reverse order).
  beforeAll(async () => {
    if (skip) return;
    await wechat.start();
    setPaymentGateways(createPaymentGateways(wechat.config(PUBLIC_BASE)));
  });
  afterAll(async () => {
    setPaymentGateways(null);
    await wechat.stop();
  });
  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    listingIds = await bookableListingIds(db, 3);
  });

  it.skipIf(skip)('paying with WeChat sends the browser to our QR page, not to the weixin:// code', async () => {
    const { userId, authorization } = await renter();
    const paying = await payingByWechat(userId, authorization);
    expect(paying.checkout_url).toBe(`/pay/wechat/${paying.pay_no}`);
    expect(wechat.trades.get(paying.pay_no)).toMatchObject({ trade_state: 'NOTPAY', amount: { total: paying.total_fen } });
  });

  it.skipIf(skip)('the owner gets the QR of the very code the gateway gave, the amount and the subject; the code itself is never sent as text', async () => {
    const { userId, authorization } = await renter();
    const paying = await payingByWechat(userId, authorization);
    const before = nativeCalls();
    const result = await askQr(paying.pay_no, authorization);
    const qr = expectOk(result);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, paying.order_no));
    expect(qr).toMatchObject({ pay_no: paying.pay_no, order_no: paying.order_no, status: 'waiting', amount_fen: paying.total_fen, subject: `租号订单 ${paying.order_no}`, pay_deadline: order!.payDeadline.toISOString() });
    expect(qr.amount).toBe((paying.total_fen / 100).toFixed(2));
    const trade = wechat.trades.get(paying.pay_no)!;
    // Asked again with byte-identical fields (a different field would be 商户订单号重复), so the same code came back.
    expect(nativeCalls()).toBe(before + 1);
    expect(wechat.calls.at(-1)).toMatchObject({ authorized: true, status: 200 });
    expect(svgOf(qr.qr_image)).toBe(renderSVG(trade.code_url));
    expect(result.text).not.toContain('weixin://');
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it.skipIf(skip)("another user's token, no token, or a pay_no that is not a WeChat payment: nothing is shown and the gateway is not asked", async () => {
    const owner = await renter();
    const stranger = await renter();
    const paying = await payingByWechat(owner.userId, owner.authorization);
    const before = nativeCalls();
    expectError(await askQr(paying.pay_no, stranger.authorization), 404, MSG_WECHAT_PAYMENT_NOT_FOUND);
    expectError(await askQr('P2026112400000000000000', owner.authorization), 404, MSG_WECHAT_PAYMENT_NOT_FOUND);
    expectError(await askQr('not-a-pay-no', owner.authorization), 404, MSG_WECHAT_PAYMENT_NOT_FOUND);
    expect((await askQr(paying.pay_no)).status).toBe(401);
    expect((await callRoute(qrRoute, '/api/v1/pay/wechat/qr', { authorization: owner.authorization })).status).toBe(400);
    expect(nativeCalls()).toBe(before);
  });

  it.skipIf(skip)('once the notify has paid the order the page says paid and shows no QR (the gateway is not asked again)', async () => {
    const { userId, authorization } = await renter();
    const paying = await payingByWechat(userId, authorization);
    expect(await handlePaymentNotify(db, 'wechat', wechat.pay(paying.pay_no), new Date())).toBe('success');
    const before = nativeCalls();
    expect(expectOk(await askQr(paying.pay_no, authorization))).toMatchObject({ status: 'paid', qr_image: null });
    expect(nativeCalls()).toBe(before);
  });

  it.skipIf(skip)('a second payment of the same order closes the first QR', async () => {
    const { userId, authorization } = await renter();
    const first = await payingByWechat(userId, authorization);
    const second = expectOk(
      await callRoute<PayResult>(payRoute, '/api/v1/order/pay', { method: 'POST', authorization, body: { order_no: first.order_no, channel: 'wechat' }, headers: { 'Idempotency-Key': `wx-native-${(serial += 1)}` } }),
    );
    if (second.paid) throw new Error('unexpected');
    expect(expectOk(await askQr(first.pay_no, authorization))).toMatchObject({ status: 'closed', qr_image: null });
    expect(expectOk(await askQr(second.pay_no, authorization))).toMatchObject({ status: 'waiting' });
  });

  it.skipIf(skip)('a WeChat recharge goes to the same page, its QR for its owner only', async () => {
    const owner = await renter();
    const stranger = await renter();
    const checkout = expectOk(
      await callRoute<GatewayCheckout>(rechargeRoute, '/api/v1/account/recharge', { method: 'POST', authorization: owner.authorization, body: { amount: '50', channel: 'wechat' }, headers: { 'Idempotency-Key': `wx-native-${(serial += 1)}` } }),
    );
    expect(checkout.checkout_url).toBe(`/pay/wechat/${checkout.pay_no}`);
    const qr = expectOk(await askQr(checkout.pay_no, owner.authorization));
    expect(qr).toMatchObject({ status: 'waiting', amount: '50.00', amount_fen: 5000, subject: '余额充值 ¥50' });
    expect(svgOf(qr.qr_image)).toBe(renderSVG(wechat.trades.get(checkout.pay_no)!.code_url));
    expectError(await askQr(checkout.pay_no, stranger.authorization), 404, MSG_WECHAT_PAYMENT_NOT_FOUND);
  });
});
