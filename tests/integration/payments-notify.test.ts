/**
 * Gateway payments and their asynchronous notify (issue 5 "exactly-once"; ARCHITECTURE "a sandbox
 * checkout page that calls the signed notify endpoint"): an order paid at Alipay or WeChat Pay is
 * marked paid by the RSA2-signed notify, once, however often the gateway repeats it; a notify that
 * is not genuine or not ours changes nothing and answers `fail`; money that arrives for an order
 * that can no longer be paid goes to the wallet as 支付退回余额. On an in-memory PGlite and, when
 * DATABASE_URL_TEST is set, a fresh PostgreSQL.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayCheckout, OrderInfo, PayResult, RentalRequest } from '~/features/wallet/client/money';
import { fenToYuan } from '~/platform/rules/money';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { listings, orders, payments, redPackets, users, vipPlans, walletLedger } from '~/platform/db/schema';
import { signParams, verifyParams } from '~/platform/providers/payment/rsa2';
import { SANDBOX_MERCHANT_IDS as MERCHANT_IDS, confirmSandboxTrade, deliverDueNotifies, findSandboxTrade, sandboxGatewayKeys, sandboxNotifyParams, type NotifyPoster } from '~/platform/providers/payment/sandbox';
import { MSG_GATEWAY_BUSY, createRecharge, payOrder } from '~/features/orders/server/order-payment';
import { sandboxGateway } from '~/platform/providers/payment/sandbox';
import { setPaymentGateways } from '~/platform/providers/payment';
import { createOrder } from '~/features/orders/server/orders';
import { expireUnpaidOrders } from '~/features/orders/server/booking';
import { issueToken } from '~/features/sign-in/server/tokens';
import { subscribeVip } from '~/features/wallet/server/vip';
import { createUser } from '~/features/account/server/users';
import { changeBalance, ledgerSum, readWallet } from '~/features/wallet/server/wallet';
import { POST as payRoute } from '~/pages/api/v1/order/pay';
import { GET as infoRoute } from '~/pages/api/v1/order/info';
import { POST as rechargeRoute } from '~/pages/api/v1/account/recharge';
import { POST as sandboxConfirmRoute } from '~/pages/api/v1/sandbox/pay/confirm';
import { POST as notifyRoute, ALL as notifyOther } from '~/pages/api/v1/pay/notify/[channel]';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectOk } from './endpoint-call';
import { suiteContext } from './route-context';
import { bookableListingIds } from './bookable-listings';


const MINUTE = 60_000;
const SITE = { origin: 'http://localhost' };

let serial = 0;
const newKey = (): string => `notify-test-${Date.now().toString(36)}-${(serial += 1)}`;

/** What Alipay does: POST the fields as a form to /api/v1/pay/notify/<channel>; the answer is the plain body. */
async function deliver(channel: string, params: Record<string, string>, route: APIRoute = notifyRoute): Promise<{ status: number; text: string }> {
  const request = new Request(`http://localhost/api/v1/pay/notify/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams(params).toString(),
  });
  const context = { request, params: { channel }, url: new URL(request.url), locals: suiteContext.locals() } as unknown as APIContext;
  const response = await route(context);
  return { status: response.status, text: await response.text() };
}

describe.each(TEST_DRIVERS)('gateway payments and the notify on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let listingIds: number[] = [];
  let privateKeyPem: string;
  let publicKeyPem: string;

  async function bearer(userId: number): Promise<string> {
    return `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
  }

  async function freshUser(): Promise<number> {
    const id = await db.transaction((tx) => createUser(tx, { username: `pay_${(serial += 1)}`, nickname: '支付测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    await db.update(users).set({ isRealName: true }).where(eq(users.id, id));
    return id;
  }

  /** A seeded listing no other case rents. */
  function takeListing(): number {
    const id = listingIds.shift();
    if (id === undefined) throw new Error('the demo seed has no free listing left');
    return id;
  }

  const rental = (listingId: number): RentalRequest & { account_id: number } => ({ account_id: listingId, option: 'hourly', hours: 3 });

  interface Paying {
    userId: number;
    listingId: number;
    orderNo: string;
    orderId: number;
    payNo: string;
    totalFen: number;
    redPacketId: number | null;
  }

  /** A rental created at `now` and sent to `channel` through POST order/pay: status 2, a payment and a sandbox trade waiting. */
  async function payingOrder(channel: 'alipay' | 'wechat' = 'alipay', now = new Date()): Promise<Paying> {
    const userId = await freshUser();
    const listingId = takeListing();
    const order = await createOrder(db, userId, rental(listingId), null, now);
    const answer = await payOrder(db, userId, { order_no: order.order_no, channel }, newKey(), SITE, now);
    if (answer.paid) throw new Error('a gateway payment cannot be paid at once');
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    return { userId, listingId, orderNo: order.order_no, orderId: row!.id, payNo: answer.pay_no, totalFen: order.total_fen, redPacketId: row!.redPacketId };
  }

  /** The payer confirms on the sandbox page; the genuine signed notify fields. */
  async function confirmAndSign(payNo: string, now = new Date()): Promise<Record<string, string>> {
    const trade = await confirmSandboxTrade(db, payNo, now);
    expect(trade?.status).toBe('paid');
    return sandboxNotifyParams(db, trade!, now);
  }

  /** `params` changed and signed again with the sandbox gateway's own key. */
  function resigned(params: Record<string, string>, changes: Record<string, string>): Record<string, string> {
    const changed = { ...params, ...changes };
    delete changed['sign'];
    return { ...changed, sign: signParams(changed, privateKeyPem) };
  }

  async function orderState(orderId: number) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    return { order: order!, payment: payment! };
  }

  async function ledgerOf(userId: number): Promise<[string, number, string][]> {
    const rows = await db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
    return rows.map((row) => [row.kind, Number(row.amountFen), row.refNo]);
  }

  async function expectBalanced(userId: number): Promise<number> {
    const { balanceFen } = await readWallet(db, userId);
    expect(balanceFen).toBe(await ledgerSum(db, userId));
    return balanceFen;
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    listingIds = await bookableListingIds(db, 3);
    ({ privateKeyPem, publicKeyPem } = await sandboxGatewayKeys(db));
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  it.skipIf(skip)('paid at Alipay: status 2 with a checkout; the signed notify answers success and pays the order once, however often it comes', async () => {
    const userId = await freshUser();
    const listingId = takeListing();
    const order = await createOrder(db, userId, rental(listingId), null, new Date());
    const authorization = await bearer(userId);
    const paying = await callRoute<PayResult>(payRoute, '/api/v1/order/pay', {
      method: 'POST',
      body: { order_no: order.order_no, channel: 'alipay' },
      authorization,
      headers: { 'Idempotency-Key': newKey() },
    });
    const checkout = expectOk(paying);
    expect(checkout.paid).toBe(false);
    if (checkout.paid) return;
    expect(checkout).toMatchObject({ order_no: order.order_no, checkout_url: `/sandbox/pay/${checkout.pay_no}` });
    const info = expectOk(await callRoute<OrderInfo>(infoRoute, `/api/v1/order/info?order_no=${order.order_no}`, { authorization }));
    expect(info).toMatchObject({ order_status: 2, order_status_text: '支付中', pay_status_code: 1001 });

    const trade = await findSandboxTrade(db, checkout.pay_no);
    expect(trade).toMatchObject({
      channel: 'alipay',
      amountFen: order.total_fen,
      status: 'waiting',
      notifyUrl: 'http://localhost/api/v1/pay/notify/alipay',
      returnUrl: `http://localhost/pay-result?order_no=${order.order_no}`,
    });

    const params = await confirmAndSign(checkout.pay_no);
    expect(params).toMatchObject({ app_id: MERCHANT_IDS.alipay.appId, seller_id: MERCHANT_IDS.alipay.sellerId, out_trade_no: checkout.pay_no, total_amount: fenToYuan(order.total_fen), trade_status: 'TRADE_SUCCESS' });
    expect(await deliver('alipay', params)).toEqual({ status: 200, text: 'success' });

    const [{ id: orderId }] = (await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, order.order_no))) as [{ id: number }];
    const { order: paidOrder, payment } = await orderState(orderId);
    expect(paidOrder).toMatchObject({ status: 3, payChannel: 'alipay' });
    expect(payment).toMatchObject({ status: 'paid', notifyCount: 1, gatewayTradeNo: trade!.tradeNo, amountFen: order.total_fen });
    const paidAt = paidOrder.paidAt!.getTime();
    const [listing] = await db.select({ isRented: listings.isRented }).from(listings).where(eq(listings.id, listingId));
    expect(listing!.isRented).toBe(true);

    for (let i = 0; i < 10; i += 1) expect(await deliver('alipay', params)).toEqual({ status: 200, text: 'success' });
    const replayed = await orderState(paidOrder.id);
    expect(replayed.order.status).toBe(3);
    expect(replayed.order.paidAt!.getTime()).toBe(paidAt);
    expect(replayed.payment.notifyCount).toBe(11);
    // Paid at the gateway: the wallet never moved.
    expect(await ledgerOf(userId)).toEqual([]);
    expect(await expectBalanced(userId)).toBe(0);
    expect(expectOk(await callRoute<OrderInfo>(infoRoute, `/api/v1/order/info?order_no=${order.order_no}`, { authorization }))).toMatchObject({
      order_status: 3,
      order_status_text: '租赁中',
      pay_status_code: 0,
    });
  });

  it.skipIf(skip)('a notify that is not genuine or not ours answers fail and changes nothing', async () => {
    const paying = await payingOrder('alipay');
    const genuine = await confirmAndSign(paying.payNo);
    const { privateKey: strangerKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const { sign: _sign, ...unsigned } = genuine;
    const flipped = genuine['sign']!.startsWith('A') ? `B${genuine['sign']!.slice(1)}` : `A${genuine['sign']!.slice(1)}`;

    const refused: [string, string, Record<string, string>][] = [
      ['a tampered signature', 'alipay', { ...genuine, sign: flipped }],
      ['no signature', 'alipay', unsigned],
      ['sign_type RSA', 'alipay', { ...genuine, sign_type: 'RSA' }],
      ['signed with another key', 'alipay', { ...unsigned, sign: signParams(unsigned, strangerKey) }],
      ['total_amount changed, not re-signed', 'alipay', { ...genuine, total_amount: '0.01' }],
      ['total_amount changed and re-signed', 'alipay', resigned(genuine, { total_amount: fenToYuan(paying.totalFen - 1) })],
      ['total_amount not money', 'alipay', resigned(genuine, { total_amount: 'lots' })],
      ['another app_id', 'alipay', resigned(genuine, { app_id: '2021000000000999' })],
      ['another seller_id', 'alipay', resigned(genuine, { seller_id: '2088000000000999' })],
      ['an unknown out_trade_no', 'alipay', resigned(genuine, { out_trade_no: 'P0000000000000000000' })],
      ['the Alipay notify posted to the WeChat endpoint', 'wechat', genuine],
      ['re-signed as WeChat for an Alipay payment', 'wechat', resigned(genuine, { app_id: MERCHANT_IDS.wechat.appId, seller_id: MERCHANT_IDS.wechat.sellerId })],
    ];
    for (const [name, channel, params] of refused) {
      expect(await deliver(channel, params), name).toEqual({ status: 200, text: 'fail' });
    }
    expect(await deliver('paypal', genuine)).toEqual({ status: 404, text: 'fail' });
    expect(await deliver('alipay', { ...genuine, padding: 'x'.repeat(17 * 1024) })).toEqual({ status: 413, text: 'fail' });
    expect((await notifyOther({} as APIContext)).status).toBe(405);
    // Only a successful trade status pays: WAIT_BUYER_PAY is acknowledged and ignored.
    expect(await deliver('alipay', resigned(genuine, { trade_status: 'WAIT_BUYER_PAY' }))).toEqual({ status: 200, text: 'success' });

    const untouched = await orderState(paying.orderId);
    expect(untouched.order.status).toBe(2);
    expect(untouched.order.paidAt).toBeNull();
    expect(untouched.payment).toMatchObject({ status: 'pending', notifyCount: 0, gatewayTradeNo: null });
    expect(await ledgerOf(paying.userId)).toEqual([]);

    // The genuine one still works.
    expect(verifyParams(genuine, publicKeyPem)).toBe(true);
    expect(await deliver('alipay', genuine)).toEqual({ status: 200, text: 'success' });
    expect((await orderState(paying.orderId)).order.status).toBe(3);
  });

  it.skipIf(skip)('money for an order that timed out before the notify arrives goes to the wallet as pay_surplus, once', async () => {
    const start = new Date();
    const paying = await payingOrder('alipay', start);
    const expired = await db.transaction((tx) => expireUnpaidOrders(tx, new Date(start.getTime() + 15 * MINUTE), paying.listingId));
    expect(expired).toEqual([paying.orderId]);
    expect((await orderState(paying.orderId)).order.status).toBe(5);
    if (paying.redPacketId !== null) {
      const [envelope] = await db.select({ status: redPackets.status }).from(redPackets).where(eq(redPackets.id, paying.redPacketId));
      expect(envelope!.status).toBe(1);
    }

    const params = await confirmAndSign(paying.payNo, new Date(start.getTime() + 16 * MINUTE));
    for (let i = 0; i < 4; i += 1) expect(await deliver('alipay', params)).toEqual({ status: 200, text: 'success' });
    expect(await ledgerOf(paying.userId)).toEqual([['pay_surplus', paying.totalFen, paying.payNo]]);
    expect(await expectBalanced(paying.userId)).toBe(paying.totalFen);
    const after = await orderState(paying.orderId);
    expect(after.order.status).toBe(5);
    expect(after.payment).toMatchObject({ status: 'paid', notifyCount: 4 });
  });

  it.skipIf(skip)('an order paid from the wallet while its Alipay payment was open: the late gateway money goes to the wallet, once', async () => {
    const paying = await payingOrder('alipay');
    await db.transaction((tx) => changeBalance(tx, { userId: paying.userId, kind: 'demo_credit', amountFen: paying.totalFen, refNo: `notify-test-credit-${(serial += 1)}` }));
    const walletPaid = await payOrder(db, paying.userId, { order_no: paying.orderNo, channel: 'wallet' }, newKey(), SITE, new Date());
    expect(walletPaid.paid).toBe(true);
    const params = await confirmAndSign(paying.payNo);
    expect(await deliver('alipay', params)).toEqual({ status: 200, text: 'success' });
    expect(await deliver('alipay', params)).toEqual({ status: 200, text: 'success' });
    const kinds = (await ledgerOf(paying.userId)).map(([kind, amount]) => [kind, amount]);
    expect(kinds).toEqual([
      ['demo_credit', paying.totalFen],
      ['order_pay', -paying.totalFen],
      ['pay_surplus', paying.totalFen],
    ]);
    expect(await expectBalanced(paying.userId)).toBe(paying.totalFen);
    expect((await orderState(paying.orderId)).order).toMatchObject({ status: 3, payChannel: 'wallet' });
  });

  it.skipIf(skip)('a recharge through WeChat Pay credits the wallet once (kind recharge)', async () => {
    const userId = await freshUser();
    const authorization = await bearer(userId);
    const checkout = expectOk(
      await callRoute<GatewayCheckout>(rechargeRoute, '/api/v1/account/recharge', {
        method: 'POST',
        body: { amount: '88.88', channel: 'wechat' },
        authorization,
        headers: { 'Idempotency-Key': newKey() },
      }),
    );
    const params = await confirmAndSign(checkout.pay_no);
    expect(params).toMatchObject({ app_id: MERCHANT_IDS.wechat.appId, seller_id: MERCHANT_IDS.wechat.sellerId, total_amount: '88.88' });
    expect(await deliver('alipay', params)).toEqual({ status: 200, text: 'fail' });
    for (let i = 0; i < 5; i += 1) expect(await deliver('wechat', params)).toEqual({ status: 200, text: 'success' });

    expect(await ledgerOf(userId)).toEqual([['recharge', 8_888, checkout.order_no]]);
    expect(await expectBalanced(userId)).toBe(8_888);
    const [payment] = await db.select().from(payments).where(eq(payments.payNo, checkout.pay_no));
    expect(payment).toMatchObject({ status: 'paid', notifyCount: 5, channel: 'wechat' });
    const info = expectOk(await callRoute<OrderInfo>(infoRoute, `/api/v1/order/info?order_no=${checkout.order_no}`, { authorization }));
    expect(info).toEqual({ order_no: checkout.order_no, kind: 'recharge', order_status: 3, order_status_text: '已到账', pay_status_code: 0 });
  });

  it.skipIf(skip)('a VIP plan paid through WeChat Pay: the notify starts the VIP time, once', async () => {
    const userId = await freshUser();
    const [plan] = await db.select().from(vipPlans).where(eq(vipPlans.days, 90));
    const order = await subscribeVip(db, userId, { plan_id: plan!.id }, newKey(), new Date());
    const checkout = await payOrder(db, userId, { order_no: order.order_no, channel: 'wechat' }, newKey(), SITE, new Date());
    if (checkout.paid) throw new Error('expected a checkout');
    expect((await readWallet(db, userId)).vipExpiresAt).toBeNull();
    const params = await confirmAndSign(checkout.pay_no);
    expect(params['total_amount']).toBe(fenToYuan(plan!.priceFen));
    const before = Date.now();
    expect(await deliver('wechat', params)).toEqual({ status: 200, text: 'success' });
    const expiresAt = (await readWallet(db, userId)).vipExpiresAt!.getTime();
    expect(expiresAt - before).toBeGreaterThan(90 * 86_400_000 - MINUTE);
    expect(expiresAt - before).toBeLessThanOrEqual(90 * 86_400_000 + MINUTE);
    expect(await deliver('wechat', params)).toEqual({ status: 200, text: 'success' });
    expect((await readWallet(db, userId)).vipExpiresAt!.getTime()).toBe(expiresAt);
    expect(await ledgerOf(userId)).toEqual([]);
  });

  it.skipIf(skip)('the sandbox gateway retries a notify answered fail (5 s, then 15 s) and stops once it is answered success', async () => {
    const paying = await payingOrder('alipay');
    const t0 = new Date(Date.now() + MINUTE);
    await confirmSandboxTrade(db, paying.payNo, t0);
    const posted: { url: string; form: URLSearchParams }[] = [];
    const answering =
      (answer: string): NotifyPoster =>
      async (url, form) => {
        posted.push({ url, form });
        return answer;
      };
    const trade = async () => (await findSandboxTrade(db, paying.payNo))!;

    expect(await deliverDueNotifies(db, t0, { post: answering('fail'), onlyPayNo: paying.payNo })).toBe(0);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe('http://localhost/api/v1/pay/notify/alipay');
    const fields = Object.fromEntries(posted[0]!.form);
    expect(verifyParams(fields, publicKeyPem)).toBe(true);
    expect(fields).toMatchObject({ out_trade_no: paying.payNo, total_amount: fenToYuan(paying.totalFen) });
    expect(await trade()).toMatchObject({ notifyAttempts: 1, notifiedAt: null, nextNotifyAt: new Date(t0.getTime() + 5_000) });

    // Not due yet.
    expect(await deliverDueNotifies(db, new Date(t0.getTime() + 4_999), { post: answering('success'), onlyPayNo: paying.payNo })).toBe(0);
    expect(posted).toHaveLength(1);

    const t1 = new Date(t0.getTime() + 5_000);
    expect(await deliverDueNotifies(db, t1, { post: async () => Promise.reject(new Error('connection reset')), onlyPayNo: paying.payNo })).toBe(0);
    expect(await trade()).toMatchObject({ notifyAttempts: 2, notifiedAt: null, nextNotifyAt: new Date(t1.getTime() + 15_000) });
    expect((await orderState(paying.orderId)).order.status).toBe(2);

    // The merchant answers: through the real notify endpoint.
    const throughTheEndpoint: NotifyPoster = async (url, form) => {
      posted.push({ url, form });
      return (await deliver(new URL(url).pathname.split('/').pop()!, Object.fromEntries(form))).text;
    };
    const t2 = new Date(t1.getTime() + 15_000);
    expect(await deliverDueNotifies(db, t2, { post: throughTheEndpoint, onlyPayNo: paying.payNo })).toBe(1);
    const done = await trade();
    expect(done.notifyAttempts).toBe(3);
    expect(done.notifiedAt).not.toBeNull();
    expect((await orderState(paying.orderId)).order.status).toBe(3);

    const count = posted.length;
    expect(await deliverDueNotifies(db, new Date(t2.getTime() + 3_600_000), { post: answering('success'), onlyPayNo: paying.payNo })).toBe(0);
    expect(posted).toHaveLength(count);
  });

  it.skipIf(skip)('confirming on the sandbox page with the merchant unreachable: the trade is paid, the order waits, a retry is scheduled', async () => {
    const userId = await freshUser();
    const order = await createOrder(db, userId, rental(takeListing()), null, new Date());
    // Port 9 (discard) on the loopback refuses at once: the notify cannot be delivered.
    const unreachable = 'http://127.0.0.1:9';
    const checkout = expectOk(
      await callRoute<PayResult>(payRoute, '/api/v1/order/pay', {
        method: 'POST',
        body: { order_no: order.order_no, channel: 'alipay' },
        authorization: await bearer(userId),
        headers: { 'Idempotency-Key': newKey() },
        origin: unreachable,
      }),
    );
    if (checkout.paid) throw new Error('expected a checkout');
    const confirmed = expectOk(await callRoute<{ return_url: string }>(sandboxConfirmRoute, '/api/v1/sandbox/pay/confirm', { method: 'POST', body: { pay_no: checkout.pay_no } }));
    expect(confirmed.return_url).toBe(`${unreachable}/pay-result?order_no=${order.order_no}`);
    const trade = (await findSandboxTrade(db, checkout.pay_no))!;
    expect(trade).toMatchObject({ status: 'paid', notifyAttempts: 1, notifiedAt: null });
    expect(trade.nextNotifyAt!.getTime()).toBeGreaterThan(Date.now());
    const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, order.order_no));
    expect(row!.status).toBe(2);
  });

  // Issue 27: the gateway is asked after the payment is committed, never inside the transaction.
  describe('a gateway asked outside the transaction', () => {
    const refusing = (seen: Array<{ payment: string | undefined; order: number | undefined }>): void => {
      const sandbox = sandboxGateway('alipay');
      setPaymentGateways({
        byChannel: {
          alipay: {
            ...sandbox,
            async openCheckout(request) {
              // Read on `db`, not in the paying transaction: only a committed booking is visible (PGlite
              // would wait here for a transaction still open).
              const [payment] = await db.select().from(payments).where(eq(payments.payNo, request.payNo));
              const [order] = payment ? await db.select({ status: orders.status }).from(orders).where(eq(orders.id, payment.orderId)) : [];
              seen.push({ payment: payment?.status, order: order?.status });
              throw new Error('gateway down');
            },
          },
          wechat: null,
        },
        publicBaseUrl: null,
        requestOriginAllowed: true,
      });
    };
    afterAll(() => setPaymentGateways(null));

    it.skipIf(skip)('a refused checkout: 503, the payment closed, the order unpaid again, and the same key tries anew', async () => {
      const userId = await freshUser();
      const order = await createOrder(db, userId, rental(takeListing()), null, new Date());
      const seen: Array<{ payment: string | undefined; order: number | undefined }> = [];
      refusing(seen);
      const key = newKey();
      try {
        await expect(payOrder(db, userId, { order_no: order.order_no, channel: 'alipay' }, key, SITE, new Date())).rejects.toMatchObject({ httpStatus: 503, message: MSG_GATEWAY_BUSY });
        // The gateway saw the booking committed: the payment pending, the order paying.
        expect(seen).toEqual([{ payment: 'pending', order: 2 }]);
        const [row] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
        expect(row!.status).toBe(1);
        expect((await db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, row!.id))).map((payment) => payment.status)).toEqual(['closed']);
        // The key was forgotten with the booking: the same key books again (and the gateway is asked again).
        await expect(payOrder(db, userId, { order_no: order.order_no, channel: 'alipay' }, key, SITE, new Date())).rejects.toMatchObject({ httpStatus: 503 });
        expect(seen).toHaveLength(2);
      } finally {
        setPaymentGateways(null);
      }
      // With the gateway back, the same key pays; a repeat answers the same payment.
      const key2 = newKey();
      const first = await payOrder(db, userId, { order_no: order.order_no, channel: 'alipay' }, key2, SITE, new Date());
      const again = await payOrder(db, userId, { order_no: order.order_no, channel: 'alipay' }, key2, SITE, new Date());
      if (first.paid || again.paid) throw new Error('a gateway payment cannot be paid at once');
      expect(again).toEqual(first);
      expect(first.checkout_url).toBe(`/sandbox/pay/${first.pay_no}`);
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, order.order_no));
      expect(row!.status).toBe(2);
      expect(await db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, row!.id)).orderBy(payments.id)).toEqual([{ status: 'closed' }, { status: 'closed' }, { status: 'pending' }]);
    });

    it.skipIf(skip)('a refused recharge checkout: 503 and the recharge order cancelled', async () => {
      const userId = await freshUser();
      refusing([]);
      try {
        await expect(createRecharge(db, userId, { amount: 5000, channel: 'alipay' }, newKey(), SITE, new Date())).rejects.toMatchObject({ httpStatus: 503 });
      } finally {
        setPaymentGateways(null);
      }
      const rows = await db.select({ status: orders.status, kind: orders.kind }).from(orders).where(eq(orders.userId, userId));
      expect(rows).toEqual([{ status: 5, kind: 'recharge' }]);
      expect(await ledgerOf(userId)).toEqual([]);
    });
  });
});
