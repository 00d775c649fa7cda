/**
 * The live payment adapters against local fakes of Alipay and WeChat Pay that speak each one's
 * published protocol (ARCHITECTURE "outside world"; docs/providers-payment.md): the fakes verify
 * our request signatures with our public keys and sign their answers and notifies with their own
 * keys, all generated here. Through the port and the order service on a fresh PGlite (and
 * PostgreSQL when DATABASE_URL_TEST is set): checkout, a genuine notify applied once however often
 * it comes, notifies refused (signature, amount, app/merchant id), query and refund. Then the
 * configuration rules as a table.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentalRequest } from '~/features/wallet/client/money';
import { fenToYuan } from '~/platform/rules/money';
import type { Db } from '~/platform/db/client';
import { orders, payments, users, walletLedger } from '~/platform/db/schema';
import { createPaymentGateways, paymentConfigProblems, paymentGateway, setPaymentGateways, type IncomingNotify, type PaymentConfig } from '~/platform/providers/payment';
import { alipayGateway } from '~/platform/providers/payment/alipay';
import { confirmSandboxTrade, sandboxGateway } from '~/platform/providers/payment/sandbox';
import { signingText } from '~/platform/providers/payment/rsa2';
import { wechatpayGateway } from '~/platform/providers/payment/wechatpay';
import { handlePaymentNotify, payOrder, paymentNotifyAnswer } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { createUser } from '~/features/account/server/users';
import { bookableListingIds } from './bookable-listings';
import { TEST_DRIVERS } from './drivers';
import { API_V3_KEY, FakeWechatPay, keyPair, listen, rsaSign, rsaVerify, WECHAT_APP_ID, WECHAT_MCH_ID, WECHAT_PLATFORM_SERIAL, WECHAT_SERIAL_NO } from './fake-wechatpay';
import { suiteContext, useSuiteDatabase } from './route-context';
import { POST as notifyRoute } from '~/pages/api/v1/pay/notify/[channel]';

const PUBLIC_BASE = 'https://pay.example.com';
const SITE = { origin: 'http://attacker-chosen-host.test' };

// ---------------------------------------------------------------------------------------------
// a fake Alipay open gateway (gateway.do): RSA2 over sorted k=v, answers {<method>_response, sign}

const ALIPAY_APP_ID = '2021000000000777';
const ALIPAY_SELLER_ID = '2088000000000777';

interface FakeTrade {
  amountFen: number;
  tradeNo: string;
  status: string;
  refundedFen: number;
}

class FakeAlipay {
  readonly gatewayKeys = keyPair();
  readonly trades = new Map<string, FakeTrade>();
  readonly calls: { method: string; biz: Record<string, unknown>; signed: boolean }[] = [];
  /** Answers signed with a key that is not the gateway's: the SDK must refuse them. */
  forgeAnswers = false;
  base = '';
  private server: Server | null = null;

  constructor(readonly appPublicKey: string) {}

  get gateway(): string {
    return `${this.base}/gateway.do`;
  }

  async start(): Promise<void> {
    const { server, base } = await listen((request, body, response) => this.serve(request, body, response));
    this.server = server;
    this.base = base;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Whether `params` carry our app's RSA2 signature (Alipay checks every field but sign). */
  signedByApp(params: Record<string, string>): boolean {
    const { sign, ...rest } = params;
    const text = Object.keys(rest)
      .filter((key) => rest[key] !== '')
      .sort()
      .map((key) => `${key}=${rest[key]}`)
      .join('&');
    return params['app_id'] === ALIPAY_APP_ID && params['sign_type'] === 'RSA2' && rsaVerify(text, sign ?? '', this.appPublicKey);
  }

  /** The payer pays: the trade is booked paid, and the genuine notify fields come back. */
  pay(payNo: string, amountFen: number): Record<string, string> {
    const trade = { amountFen, tradeNo: `2026${randomBytes(8).toString('hex')}`, status: 'TRADE_SUCCESS', refundedFen: 0 };
    this.trades.set(payNo, trade);
    return this.notify({
      notify_time: '2026-11-24 20:00:00',
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(8).toString('hex'),
      app_id: ALIPAY_APP_ID,
      seller_id: ALIPAY_SELLER_ID,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: payNo,
      total_amount: fenToYuan(amountFen),
      trade_status: 'TRADE_SUCCESS',
      gmt_payment: '2026-11-24 20:00:00',
      sign_type: 'RSA2',
    });
  }

  /** Alipay's async notify signing: every field but sign and sign_type, sorted (rsa2.ts signingText). */
  notify(fields: Record<string, string>, key = this.gatewayKeys.privateKey): Record<string, string> {
    const { sign: _sign, ...rest } = fields;
    return { ...rest, sign: rsaSign(signingText(rest), key) };
  }

  private answer(response: ServerResponse, method: string, inner: Record<string, unknown>): void {
    const json = JSON.stringify(inner);
    const key = this.forgeAnswers ? keyPair().privateKey : this.gatewayKeys.privateKey;
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{"${method.replaceAll('.', '_')}_response":${json},"sign":"${rsaSign(json, key)}"}`);
  }

  private serve(request: IncomingMessage, body: string, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', this.base);
    const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(body)) };
    const method = params['method'] ?? '';
    const biz = JSON.parse(params['biz_content'] ?? '{}') as Record<string, string>;
    const signed = this.signedByApp(params);
    this.calls.push({ method, biz, signed });
    if (url.pathname !== '/gateway.do' || request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    if (!signed) {
      this.answer(response, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
      return;
    }
    const trade = this.trades.get(biz['out_trade_no'] ?? '');
    if (!trade) {
      this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' });
      return;
    }
    if (method === 'alipay.trade.query') {
      this.answer(response, method, { code: '10000', msg: 'Success', out_trade_no: biz['out_trade_no'], trade_no: trade.tradeNo, trade_status: trade.status, total_amount: fenToYuan(trade.amountFen) });
    } else if (method === 'alipay.trade.refund') {
      const refundFen = Math.round(Number(biz['refund_amount']) * 100);
      if (trade.refundedFen + refundFen > trade.amountFen) {
        this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', sub_msg: '退款金额超限' });
        return;
      }
      trade.refundedFen += refundFen;
      this.answer(response, method, { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: biz['out_trade_no'], refund_fee: fenToYuan(trade.refundedFen), fund_change: 'Y' });
    } else {
      this.answer(response, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.missing-method' });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// the fake WeChat Pay API v3 (Authorization checked, answers and notifies signed, resource
// AES-GCM) is ./fake-wechatpay.ts, shared with the Native payer page's suite

describe.each(TEST_DRIVERS)('live payment adapters against fake gateways on $label', ({ driver, skip }) => {
  let db: Db;
  let listingIds: number[] = [];
  const alipayApp = keyPair();
  const alipay = new FakeAlipay(alipayApp.publicKey);
  const wechat = new FakeWechatPay();
  let serial = 0;

  /** Live on both fakes: the WeChat part (and APP_ENV, PAYMENT_PROVIDER, PUBLIC_BASE_URL) is the fake's. */
  const liveConfig = (): PaymentConfig => ({
    ...wechat.config(PUBLIC_BASE),
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.gatewayKeys.publicKey,
    ALIPAY_SELLER_ID,
    ALIPAY_GATEWAY: alipay.gateway,
  });

  interface Paying {
    userId: number;
    orderId: number;
    orderNo: string;
    payNo: string;
    totalFen: number;
    checkoutUrl: string;
  }

  async function payingOrder(channel: 'alipay' | 'wechat'): Promise<Paying> {
    const now = new Date();
    const userId = await db.transaction((tx) => createUser(tx, { username: `live_pay_${Date.now().toString(36)}_${(serial += 1)}`, nickname: '网关测试' }, now));
    if (userId === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true }).where(eq(users.id, userId));
    const listingId = listingIds.shift();
    if (listingId === undefined) throw new Error('the demo seed has no free listing left');
    const rental: RentalRequest & { account_id: number } = { account_id: listingId, option: 'hourly', hours: 3 };
    const order = await createOrder(db, userId, rental, null, now);
    const answer = await payOrder(db, userId, { order_no: order.order_no, channel }, `live-${(serial += 1)}`, SITE, now);
    if (answer.paid) throw new Error('a gateway payment cannot be paid at once');
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    return { userId, orderId: row!.id, orderNo: order.order_no, payNo: answer.pay_no, totalFen: order.total_fen, checkoutUrl: answer.checkout_url };
  }

  async function state(orderId: number) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    return { order: order!, payment: payment! };
  }

  const formNotify = (params: Record<string, string>): IncomingNotify => ({
    body: new URLSearchParams(params).toString(),
    headers: new Headers({ 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }),
  });

  // The gateways start before the database opens and stop after it closes (after-hooks run in
  // reverse order).
  beforeAll(async () => {
    if (skip) return;
    await Promise.all([alipay.start(), wechat.start()]);
    setPaymentGateways(createPaymentGateways(liveConfig()));
  });
  afterAll(async () => {
    setPaymentGateways(null);
    await Promise.all([alipay.stop(), wechat.stop()]);
  });
  useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
    db = opened;
    listingIds = await bookableListingIds(db, 3);
  });

  it.skipIf(skip)('Alipay checkout: a page-pay URL on the configured gateway, signed by our app, notify URL on PUBLIC_BASE_URL', async () => {
    expect(paymentGateway('alipay')?.provider).toBe('alipay');
    const paying = await payingOrder('alipay');
    const url = new URL(paying.checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(alipay.gateway);
    const params = Object.fromEntries(url.searchParams);
    expect(alipay.signedByApp(params)).toBe(true);
    expect(params).toMatchObject({ method: 'alipay.trade.page.pay', app_id: ALIPAY_APP_ID, notify_url: `${PUBLIC_BASE}/api/v1/pay/notify/alipay`, return_url: `${PUBLIC_BASE}/pay-result?order_no=${paying.orderNo}` });
    expect(JSON.parse(params['biz_content']!)).toMatchObject({ out_trade_no: paying.payNo, total_amount: fenToYuan(paying.totalFen), product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(alipay.signedByApp({ ...params, biz_content: params['biz_content']!.replace(fenToYuan(paying.totalFen), '0.01') })).toBe(false);
  });

  it.skipIf(skip)('Alipay: the genuine notify pays the order once, however often it comes; answered plain success', async () => {
    const paying = await payingOrder('alipay');
    const notify = formNotify(alipay.pay(paying.payNo, paying.totalFen));
    for (let i = 0; i < 3; i += 1) expect(await handlePaymentNotify(db, 'alipay', notify, new Date())).toBe('success');
    const after = await state(paying.orderId);
    expect(after.order).toMatchObject({ status: 3, payChannel: 'alipay' });
    expect(after.payment).toMatchObject({ status: 'paid', notifyCount: 3, gatewayTradeNo: alipay.trades.get(paying.payNo)!.tradeNo });
    expect(await db.select().from(walletLedger).where(eq(walletLedger.userId, paying.userId))).toEqual([]);
    expect(paymentNotifyAnswer('alipay', 'success')).toEqual({ status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    expect(paymentNotifyAnswer('alipay', 'fail')).toMatchObject({ status: 200, body: 'fail' });
  });

  it.skipIf(skip)('Alipay: a notify with a bad signature, another amount, app_id or seller_id answers fail and changes nothing', async () => {
    const paying = await payingOrder('alipay');
    const genuine = alipay.pay(paying.payNo, paying.totalFen);
    const stranger = keyPair().privateKey;
    const flipped = genuine['sign']!.startsWith('A') ? `B${genuine['sign']!.slice(1)}` : `A${genuine['sign']!.slice(1)}`;
    const gateway = paymentGateway('alipay')!;
    // The adapter reports the amount it was told; the service compares it with the payment.
    const cheaper = alipay.notify({ ...genuine, total_amount: fenToYuan(paying.totalFen - 1) });
    expect(await gateway.verifyNotify(formNotify(cheaper), { db, now: new Date() })).toMatchObject({ ok: true, payNo: paying.payNo, amountFen: paying.totalFen - 1, paid: true });

    const refused: [string, Record<string, string>][] = [
      ['a tampered signature', { ...genuine, sign: flipped }],
      ['signed with another key', alipay.notify(genuine, stranger)],
      ['the amount changed after signing', { ...genuine, total_amount: '0.01' }],
      ['another amount, signed by the gateway', cheaper],
      ['another app_id', alipay.notify({ ...genuine, app_id: '2021000000000999' })],
      ['another seller_id', alipay.notify({ ...genuine, seller_id: '2088000000000999' })],
      ['sign_type RSA', { ...genuine, sign_type: 'RSA' }],
      ['an unknown out_trade_no', alipay.notify({ ...genuine, out_trade_no: 'P0000000000000000000' })],
    ];
    for (const [name, params] of refused) expect(await handlePaymentNotify(db, 'alipay', formNotify(params), new Date()), name).toBe('fail');
    // An Alipay notify posted to the WeChat endpoint is not WeChat Pay's.
    expect(await handlePaymentNotify(db, 'wechat', formNotify(genuine), new Date())).toBe('fail');
    const untouched = await state(paying.orderId);
    expect(untouched.order.status).toBe(2);
    expect(untouched.payment).toMatchObject({ status: 'pending', notifyCount: 0, gatewayTradeNo: null });
    expect(await handlePaymentNotify(db, 'alipay', formNotify(genuine), new Date())).toBe('success');
    expect((await state(paying.orderId)).order.status).toBe(3);
  });

  it.skipIf(skip)('Alipay: query and refund through the SDK against the fake; a forged answer is refused', async () => {
    const gateway = paymentGateway('alipay')!;
    const context = { db, now: new Date() };
    const paying = await payingOrder('alipay');
    expect(await gateway.queryTrade(paying.payNo, context)).toMatchObject({ ok: false, reason: expect.stringContaining('ACQ.TRADE_NOT_EXIST') });
    alipay.pay(paying.payNo, paying.totalFen);
    expect(await gateway.queryTrade(paying.payNo, context)).toMatchObject({ ok: true, state: 'paid', amountFen: paying.totalFen, tradeNo: alipay.trades.get(paying.payNo)!.tradeNo });
    expect(alipay.calls.at(-1)).toMatchObject({ method: 'alipay.trade.query', signed: true, biz: { out_trade_no: paying.payNo } });

    const refund = { payNo: paying.payNo, refundNo: 'R1', refundFen: 100, totalFen: paying.totalFen, reason: '退租' };
    expect(await gateway.refund(refund, context)).toMatchObject({ ok: true, state: 'done', refundFen: 100 });
    expect(alipay.calls.at(-1)).toMatchObject({ method: 'alipay.trade.refund', signed: true, biz: { out_trade_no: paying.payNo, refund_amount: '1.00', out_request_no: 'R1' } });
    expect(await gateway.refund({ ...refund, refundNo: 'R2', refundFen: paying.totalFen }, context)).toMatchObject({ ok: false, reason: expect.stringContaining('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL') });

    alipay.forgeAnswers = true;
    try {
      expect(await gateway.queryTrade(paying.payNo, context)).toMatchObject({ ok: false, reason: expect.stringContaining('验签失败') });
    } finally {
      alipay.forgeAnswers = false;
    }
    // Our requests signed with a key Alipay does not know are refused by the gateway.
    const impostor = alipayGateway({ appId: ALIPAY_APP_ID, privateKeyPem: keyPair().privateKey, alipayPublicKeyPem: alipay.gatewayKeys.publicKey, gateway: alipay.gateway });
    expect(await impostor.queryTrade(paying.payNo, context)).toMatchObject({ ok: false, reason: expect.stringContaining('isv.invalid-signature') });
  });

  it.skipIf(skip)('WeChat Pay checkout: Native pay signed by the merchant key, the checkout our page that shows its code_url', async () => {
    expect(paymentGateway('wechat')?.provider).toBe('wechatpay');
    const paying = await payingOrder('wechat');
    expect(paying.checkoutUrl).toBe(`/pay/wechat/${paying.payNo}`);
    expect(wechat.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      authorized: true,
      body: { appid: WECHAT_APP_ID, mchid: WECHAT_MCH_ID, out_trade_no: paying.payNo, notify_url: `${PUBLIC_BASE}/api/v1/pay/notify/wechat`, amount: { total: paying.totalFen, currency: 'CNY' } },
    });
    expect(String(wechat.calls.at(-1)!.body['time_expire'])).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    // A merchant key WeChat Pay does not know: 401, and the checkout fails.
    const impostor = wechatpayGateway({ ...gatewayOptions(), privateKeyPem: keyPair().privateKey });
    await expect(impostor.openCheckout({ payNo: 'P1', amountFen: 100, subject: 's', notifyUrl: `${PUBLIC_BASE}/n`, returnUrl: `${PUBLIC_BASE}/r` }, { db, now: new Date() })).rejects.toThrow(/401/);
  });

  function gatewayOptions() {
    return {
      mchId: WECHAT_MCH_ID,
      appId: WECHAT_APP_ID,
      serialNo: WECHAT_SERIAL_NO,
      privateKeyPem: wechat.merchantKeys.privateKey,
      apiV3Key: API_V3_KEY,
      platformPublicKeyPem: wechat.platformKeys.publicKey,
      platformSerial: WECHAT_PLATFORM_SERIAL,
      baseUrl: wechat.base,
    };
  }

  it.skipIf(skip)('WeChat Pay: the genuine notify (signed, AES-GCM resource) pays once, however often it comes; answered 204', async () => {
    const paying = await payingOrder('wechat');
    const notify = wechat.pay(paying.payNo);
    for (let i = 0; i < 3; i += 1) expect(await handlePaymentNotify(db, 'wechat', notify, new Date())).toBe('success');
    const after = await state(paying.orderId);
    expect(after.order).toMatchObject({ status: 3, payChannel: 'wechat' });
    expect(after.payment).toMatchObject({ status: 'paid', notifyCount: 3, gatewayTradeNo: wechat.trades.get(paying.payNo)!.transaction_id });
    expect(paymentNotifyAnswer('wechat', 'success')).toMatchObject({ status: 204, body: '' });
    const failed = paymentNotifyAnswer('wechat', 'fail');
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(failed.body)).toEqual({ code: 'FAIL', message: '失败' });
    expect(paymentNotifyAnswer('wechat', 'fail', 500).status).toBe(500);
  });

  it.skipIf(skip)('the sandbox behind the same port: checkout on /sandbox/pay, query from its book, refund of a paid trade', async () => {
    const gateway = sandboxGateway('wechat');
    const context = { db, now: new Date() };
    const payNo = `PSANDBOX${Date.now()}`;
    const request = { payNo, amountFen: 1_234, subject: '测试', notifyUrl: `${PUBLIC_BASE}/api/v1/pay/notify/wechat`, returnUrl: `${PUBLIC_BASE}/pay-result` };
    expect(await gateway.openCheckout(request, context)).toEqual({ kind: 'redirect', url: `/sandbox/pay/${payNo}` });
    expect(await gateway.queryTrade(payNo, context)).toMatchObject({ ok: true, state: 'waiting', amountFen: 1_234 });
    expect(await sandboxGateway('alipay').queryTrade(payNo, context)).toMatchObject({ ok: false });
    const refund = { payNo, refundNo: 'R1', refundFen: 234, totalFen: 1_234, reason: '退租' };
    expect(await gateway.refund(refund, context)).toMatchObject({ ok: false, reason: 'trade not paid' });
    await confirmSandboxTrade(db, payNo, new Date());
    expect(await gateway.queryTrade(payNo, context)).toMatchObject({ ok: true, state: 'paid' });
    expect(await gateway.refund(refund, context)).toMatchObject({ ok: true, state: 'done', refundFen: 234 });
    expect(await gateway.refund({ ...refund, refundFen: 1_235 }, context)).toMatchObject({ ok: false });
  });

  /** What the gateway does: POST the notify to /api/v1/pay/notify/<channel>, reading status and body. */
  async function post(channel: string, notify: IncomingNotify): Promise<{ status: number; contentType: string | null; text: string }> {
    const request = new Request(`http://localhost/api/v1/pay/notify/${channel}`, { method: 'POST', headers: notify.headers, body: notify.body });
    const response = await notifyRoute({ request, params: { channel }, url: new URL(request.url), locals: suiteContext.locals() } as unknown as APIContext);
    return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
  }

  it.skipIf(skip)('through the notify endpoint: WeChat Pay reads 204 for success and 4xx JSON FAIL for a refusal; Alipay reads plain success/fail', async () => {
    const wechatPaying = await payingOrder('wechat');
    const genuine = wechat.pay(wechatPaying.payNo);
    const forged = wechat.pay(wechatPaying.payNo, {}, { key: keyPair().privateKey });
    const refusal = await post('wechat', forged);
    expect(refusal.status).toBe(400);
    expect(JSON.parse(refusal.text)).toEqual({ code: 'FAIL', message: '失败' });
    expect(await post('wechat', genuine)).toEqual({ status: 204, contentType: 'text/plain; charset=utf-8', text: '' });
    expect((await state(wechatPaying.orderId)).order.status).toBe(3);

    const alipayPaying = await payingOrder('alipay');
    const params = alipay.pay(alipayPaying.payNo, alipayPaying.totalFen);
    expect(await post('alipay', formNotify({ ...params, total_amount: '0.01' }))).toMatchObject({ status: 200, text: 'fail' });
    expect(await post('alipay', formNotify(params))).toMatchObject({ status: 200, text: 'success' });
    expect((await state(alipayPaying.orderId)).order.status).toBe(3);
  });

  it.skipIf(skip)('WeChat Pay: a notify with a bad signature, another serial, a stale time, a wrong key, amount, appid or mchid answers fail', async () => {
    const paying = await payingOrder('wechat');
    const genuine = wechat.pay(paying.payNo);
    const withHeader = (notify: IncomingNotify, name: string, value: string): IncomingNotify => {
      const headers = new Headers(notify.headers);
      headers.set(name, value);
      return { body: notify.body, headers };
    };
    const cheaper = wechat.pay(paying.payNo, { amount: { total: paying.totalFen - 1, payer_total: paying.totalFen - 1, currency: 'CNY', payer_currency: 'CNY' } });
    expect(await paymentGateway('wechat')!.verifyNotify(cheaper, { db, now: new Date() })).toMatchObject({ ok: true, payNo: paying.payNo, amountFen: paying.totalFen - 1, paid: true });

    const refused: [string, IncomingNotify][] = [
      ['a tampered signature', withHeader(genuine, 'wechatpay-signature', rsaSign('something else', wechat.platformKeys.privateKey))],
      ['the body changed after signing', { body: genuine.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '), headers: genuine.headers }],
      ['signed with another key', wechat.pay(paying.payNo, {}, { key: keyPair().privateKey })],
      ['another Wechatpay-Serial', wechat.pay(paying.payNo, {}, { serial: 'PUB_KEY_ID_OTHER' })],
      ['a timestamp 10 minutes old', wechat.pay(paying.payNo, {}, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ['encrypted with another APIv3 key', wechat.pay(paying.payNo, {}, { apiV3Key: 'ffffffffffffffffffffffffffffffff' })],
      ['another amount', cheaper],
      ['another mchid', wechat.pay(paying.payNo, { mchid: '1900000999' })],
      ['another appid', wechat.pay(paying.payNo, { appid: 'wx0000000000000999' })],
      ['an unknown out_trade_no', wechat.pay(paying.payNo, { out_trade_no: 'P0000000000000000000' })],
    ];
    for (const [name, notify] of refused) expect(await handlePaymentNotify(db, 'wechat', notify, new Date()), name).toBe('fail');
    expect(await handlePaymentNotify(db, 'alipay', genuine, new Date())).toBe('fail');
    const untouched = await state(paying.orderId);
    expect(untouched.order.status).toBe(2);
    expect(untouched.payment).toMatchObject({ status: 'pending', notifyCount: 0 });
    expect(await handlePaymentNotify(db, 'wechat', genuine, new Date())).toBe('success');
    expect((await state(paying.orderId)).order.status).toBe(3);
  });

  it.skipIf(skip)('WeChat Pay: query and refund signed and verified against the fake; a forged answer is refused', async () => {
    const gateway = paymentGateway('wechat')!;
    const context = { db, now: new Date() };
    const paying = await payingOrder('wechat');
    expect(await gateway.queryTrade(paying.payNo, context)).toMatchObject({ ok: true, state: 'waiting', amountFen: paying.totalFen });
    wechat.pay(paying.payNo);
    expect(await gateway.queryTrade(paying.payNo, context)).toMatchObject({ ok: true, state: 'paid', tradeNo: wechat.trades.get(paying.payNo)!.transaction_id });
    expect(wechat.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v3/pay/transactions/out-trade-no/${paying.payNo}`, authorized: true });
    expect(await gateway.queryTrade('P0000000000000000000', context)).toMatchObject({ ok: false, reason: expect.stringContaining('ORDER_NOT_EXIST') });

    const refund = { payNo: paying.payNo, refundNo: 'R1', refundFen: 100, totalFen: paying.totalFen, reason: '退租' };
    expect(await gateway.refund(refund, context)).toMatchObject({ ok: true, state: 'processing', refundFen: 100 });
    expect(wechat.calls.at(-1)).toMatchObject({ method: 'POST', path: '/v3/refund/domestic/refunds', authorized: true, body: { out_trade_no: paying.payNo, out_refund_no: 'R1', amount: { refund: 100, total: paying.totalFen, currency: 'CNY' } } });
    expect(await gateway.refund({ ...refund, refundNo: 'R2', refundFen: paying.totalFen }, context)).toMatchObject({ ok: false, reason: expect.stringContaining('400') });

    wechat.forgeAnswers = true;
    try {
      expect(await gateway.queryTrade(paying.payNo, context)).toMatchObject({ ok: false, reason: expect.stringContaining('bad signature') });
    } finally {
      wechat.forgeAnswers = false;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// configuration

describe('payment configuration', () => {
  const app = keyPair();
  const full: PaymentConfig = {
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: app.privateKey,
    ALIPAY_PUBLIC_KEY: app.publicKey,
    WECHATPAY_MCH_ID: WECHAT_MCH_ID,
    WECHATPAY_APP_ID: WECHAT_APP_ID,
    WECHATPAY_SERIAL_NO: WECHAT_SERIAL_NO,
    WECHATPAY_PRIVATE_KEY: app.privateKey,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_PLATFORM_PUBLIC_KEY: app.publicKey,
    WECHATPAY_PLATFORM_SERIAL: WECHAT_PLATFORM_SERIAL,
  };
  const without = (config: PaymentConfig, ...names: (keyof PaymentConfig)[]): PaymentConfig =>
    Object.fromEntries(Object.entries(config).filter(([name]) => !names.includes(name as keyof PaymentConfig))) as PaymentConfig;
  const bareBase64 = app.privateKey.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

  const table: [string, PaymentConfig, string[]][] = [
    ['nothing set: the sandbox, no problem', {}, []],
    ['both channels complete', full, []],
    ['Alipay app id without its keys', { ALIPAY_APP_ID }, ['ALIPAY_PRIVATE_KEY is required when ALIPAY_APP_ID is set', 'ALIPAY_PUBLIC_KEY is required when ALIPAY_APP_ID is set']],
    ['an Alipay key without the app id', { ALIPAY_PRIVATE_KEY: app.privateKey }, ['ALIPAY_APP_ID is required when ALIPAY_PRIVATE_KEY is set']],
    ['Alipay private key as bare base64 (the key tool)', { ...without(full, 'ALIPAY_PRIVATE_KEY'), ALIPAY_PRIVATE_KEY: bareBase64 }, []],
    ['Alipay private key with literal \\n (.env)', { ...without(full, 'ALIPAY_PRIVATE_KEY'), ALIPAY_PRIVATE_KEY: app.privateKey.replace(/\n/g, '\\n') }, []],
    ['WeChat merchant id without the APIv3 key and platform key', without(full, 'WECHATPAY_API_V3_KEY', 'WECHATPAY_PLATFORM_PUBLIC_KEY'), [
      'WECHATPAY_API_V3_KEY is required when WECHATPAY_MCH_ID is set',
      'WECHATPAY_PLATFORM_PUBLIC_KEY is required when WECHATPAY_MCH_ID is set',
    ]],
    ['a WeChat base URL without the merchant id', { WECHATPAY_BASE_URL: 'http://127.0.0.1:1' }, ['WECHATPAY_MCH_ID is required when WECHATPAY_BASE_URL is set']],
    ['an APIv3 key of 31 bytes', { ...full, WECHATPAY_API_V3_KEY: API_V3_KEY.slice(1) }, ['WECHATPAY_API_V3_KEY must be exactly 32 bytes (the APIv3 key set in the merchant platform)']],
    ['a private key path that does not exist', { ...full, WECHATPAY_PRIVATE_KEY: '/nonexistent/apiclient_key.pem' }, [expect.stringMatching(/^WECHATPAY_PRIVATE_KEY is not a readable key/) as unknown as string]],
    ['live with no channel', { PAYMENT_PROVIDER: 'live' }, ['PAYMENT_PROVIDER=live needs ALIPAY_APP_ID or WECHATPAY_MCH_ID (with their keys)']],
    ['production, live, no public base URL', { ...full, APP_ENV: 'production' }, ['PUBLIC_BASE_URL is required in production when a live payment channel is configured (the gateways post notifies to it)']],
    ['production, live, with a public base URL', { ...full, APP_ENV: 'production', PUBLIC_BASE_URL: PUBLIC_BASE }, []],
    ['production, nothing configured (no gateway payments)', { APP_ENV: 'production' }, []],
    ['production forcing the sandbox', { APP_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }, ['PAYMENT_PROVIDER=sandbox cannot take payments in production (the sandbox checkout pages are not served there)']],
  ];
  it.each(table)('%s', (_name, config, problems) => {
    expect(paymentConfigProblems(config)).toEqual(problems);
  });

  it('chooses an adapter per channel: live where configured, the sandbox elsewhere outside production, none in production', () => {
    const providers = (config: PaymentConfig) => {
      const gateways = createPaymentGateways(config);
      return [gateways.byChannel.alipay?.provider ?? null, gateways.byChannel.wechat?.provider ?? null, gateways.publicBaseUrl, gateways.requestOriginAllowed];
    };
    expect(providers({ APP_ENV: 'development' })).toEqual(['sandbox', 'sandbox', null, true]);
    expect(providers({ APP_ENV: 'test', ...without(full, ...(Object.keys(full).filter((k) => k.startsWith('WECHATPAY')) as (keyof PaymentConfig)[])) })).toEqual(['alipay', 'sandbox', null, true]);
    expect(providers({ APP_ENV: 'test', ...full, PAYMENT_PROVIDER: 'sandbox' })).toEqual(['sandbox', 'sandbox', null, true]);
    expect(providers({ APP_ENV: 'test', ...without(full, 'ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'), PAYMENT_PROVIDER: 'live' })).toEqual([null, 'wechatpay', null, true]);
    expect(providers({ APP_ENV: 'production' })).toEqual([null, null, null, false]);
    expect(providers({ APP_ENV: 'production', ...full, PUBLIC_BASE_URL: `${PUBLIC_BASE}/` })).toEqual(['alipay', 'wechatpay', PUBLIC_BASE, false]);
    expect(() => createPaymentGateways({ ALIPAY_APP_ID })).toThrow(/ALIPAY_PRIVATE_KEY is required/);
  });
});
