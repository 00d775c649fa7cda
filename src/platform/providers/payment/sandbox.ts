/**
 * The sandbox payment gateway: what Alipay or WeChat Pay do on their side, played by this site
 * outside production (ARCHITECTURE "a sandbox checkout page that calls the signed notify
 * endpoint"). It keeps its own book (sandbox_gateway_trades) and its own RSA key pair, shows the
 * checkout on /sandbox/pay/<pay_no>, and once the payer confirms it posts the signed notify to
 * the merchant's notify URL, retrying with back-off until the answer is `success`, like Alipay.
 *
 * Delivery never holds a transaction across the HTTP call: a due trade is claimed by moving its
 * next attempt into the future (one UPDATE … FOR UPDATE SKIP LOCKED, safe with many processes),
 * then posted, then marked. With PGlite the notify handler needs the same single connection, so a
 * transaction held open here would wait on itself.
 *
 * Both channels speak Alipay's form notify (RSA2, answered `success`), so the sandbox checks the
 * same things a live adapter does: signature, app and merchant ids, the trade status and amount.
 */
import { generateKeyPairSync, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { fenToYuan, yuanToFen } from '~/platform/rules/money';
import type { DbOrTx } from '~/platform/db/client';
import { appSecrets, sandboxGatewayTrades } from '~/platform/db/schema';
import { log } from '~/platform/config/log';
import {
  NOTIFY_ANSWER_OK,
  plainNotifyAnswer,
  type CheckoutRequest,
  type GatewayChannel,
  type NotifyVerdict,
  type PaymentGateway,
  type TradeState,
} from '~/platform/providers/payment/port';
import { signParams, verifyParams } from '~/platform/providers/payment/rsa2';

/** Who we are at the sandbox gateway: its notify must name exactly these. */
export const SANDBOX_MERCHANT_IDS: Readonly<Record<GatewayChannel, { appId: string; sellerId: string }>> = {
  alipay: { appId: '2021000000000001', sellerId: '2088000000000001' },
  wechat: { appId: 'wx0000000000000001', sellerId: '1600000001' },
};

export const TRADE_SUCCESS = 'TRADE_SUCCESS';
const PAID_TRADE_STATUSES = new Set([TRADE_SUCCESS, 'TRADE_FINISHED']);

/** Seconds between notify attempts (Alipay spaces them over a day; the sandbox over minutes). */
export const NOTIFY_RETRY_DELAYS_S = [5, 15, 60, 300, 900, 3600] as const;
/** How long a claimed delivery may take before another process may try it. */
const DELIVERY_LEASE_MS = 30_000;
const NOTIFY_TIMEOUT_MS = 10_000;

interface GatewayKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

const GATEWAY_KEYS_SECRET = 'sandbox_gateway_keys';
// Per database handle (a test process opens several); the pair never changes once written.
const keyCaches = new WeakMap<object, GatewayKeys>();

/**
 * The sandbox gateway's key pair (the "Alipay public key" the merchant verifies with), made by
 * the first process that asks and shared through app_secrets, the same row services/app-secrets
 * would keep (read here directly: a provider does not call services).
 */
export async function sandboxGatewayKeys(db: DbOrTx): Promise<GatewayKeys> {
  const cached = keyCaches.get(db);
  if (cached) return cached;
  const [existing] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, GATEWAY_KEYS_SECRET));
  if (!existing) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    await db.insert(appSecrets).values({ name: GATEWAY_KEYS_SECRET, value: JSON.stringify({ privateKeyPem: privateKey, publicKeyPem: publicKey }) }).onConflictDoNothing();
  }
  const [row] = existing ? [existing] : await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, GATEWAY_KEYS_SECRET));
  if (!row) throw new Error(`secret ${GATEWAY_KEYS_SECRET} missing after insert`);
  const keys = JSON.parse(row.value) as GatewayKeys;
  keyCaches.set(db, keys);
  return keys;
}

export const sandboxCheckoutPath = (payNo: string): string => `/sandbox/pay/${encodeURIComponent(payNo)}`;

/** The merchant asks for a checkout: the gateway books the trade and names its page. */
export async function openSandboxCheckout(db: DbOrTx, request: CheckoutRequest & { channel: GatewayChannel }): Promise<string> {
  const tradeNo = `${request.channel === 'alipay' ? '2026' : '4200'}${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  await db
    .insert(sandboxGatewayTrades)
    .values({
      payNo: request.payNo,
      channel: request.channel,
      tradeNo,
      amountFen: request.amountFen,
      subject: request.subject,
      notifyUrl: request.notifyUrl,
      returnUrl: request.returnUrl,
    })
    .onConflictDoNothing();
  return sandboxCheckoutPath(request.payNo);
}

export type SandboxTrade = typeof sandboxGatewayTrades.$inferSelect;

export async function findSandboxTrade(db: DbOrTx, payNo: string): Promise<SandboxTrade | null> {
  const [row] = await db.select().from(sandboxGatewayTrades).where(eq(sandboxGatewayTrades.payNo, payNo));
  return row ?? null;
}

/** The signed notify fields of a paid trade, as the gateway posts them. */
export async function sandboxNotifyParams(db: DbOrTx, trade: SandboxTrade, now: Date): Promise<Record<string, string>> {
  const channel = trade.channel as GatewayChannel;
  const merchant = SANDBOX_MERCHANT_IDS[channel];
  const params: Record<string, string> = {
    notify_time: now.toISOString(),
    notify_type: 'trade_status_sync',
    notify_id: `${trade.tradeNo}-${trade.notifyAttempts + 1}`,
    app_id: merchant.appId,
    seller_id: merchant.sellerId,
    charset: 'utf-8',
    version: '1.0',
    trade_no: trade.tradeNo,
    out_trade_no: trade.payNo,
    total_amount: fenToYuan(trade.amountFen),
    trade_status: TRADE_SUCCESS,
    subject: trade.subject,
    gmt_payment: (trade.paidAt ?? now).toISOString(),
    sign_type: 'RSA2',
  };
  params['sign'] = signParams(params, (await sandboxGatewayKeys(db)).privateKeyPem);
  return params;
}

/** The payer confirms: the trade is paid and its notify due at once. Returns where the payer goes next. */
export async function confirmSandboxTrade(db: DbOrTx, payNo: string, now: Date): Promise<SandboxTrade | null> {
  await db
    .update(sandboxGatewayTrades)
    .set({ status: 'paid', paidAt: now, nextNotifyAt: now })
    .where(and(eq(sandboxGatewayTrades.payNo, payNo), eq(sandboxGatewayTrades.status, 'waiting')));
  return findSandboxTrade(db, payNo);
}

export async function cancelSandboxTrade(db: DbOrTx, payNo: string): Promise<SandboxTrade | null> {
  await db
    .update(sandboxGatewayTrades)
    .set({ status: 'cancelled' })
    .where(and(eq(sandboxGatewayTrades.payNo, payNo), eq(sandboxGatewayTrades.status, 'waiting')));
  return findSandboxTrade(db, payNo);
}

export type NotifyPoster = (url: string, form: URLSearchParams) => Promise<string>;

const postForm: NotifyPoster = async (url, form) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: form,
    signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
  });
  return (await response.text()).trim();
};

/**
 * Posts every due notify once; a trade whose answer is not `success` is tried again later.
 * `onlyPayNo` delivers one trade right after its confirmation. Returns how many were answered
 * `success`.
 */
export async function deliverDueNotifies(db: DbOrTx, now: Date, options: { post?: NotifyPoster; onlyPayNo?: string } = {}): Promise<number> {
  const post = options.post ?? postForm;
  const due = db
    .select({ payNo: sandboxGatewayTrades.payNo })
    .from(sandboxGatewayTrades)
    .where(
      and(
        eq(sandboxGatewayTrades.status, 'paid'),
        isNull(sandboxGatewayTrades.notifiedAt),
        lte(sandboxGatewayTrades.nextNotifyAt, now),
        options.onlyPayNo ? eq(sandboxGatewayTrades.payNo, options.onlyPayNo) : undefined,
      ),
    )
    .limit(20)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(sandboxGatewayTrades)
    .set({ nextNotifyAt: new Date(now.getTime() + DELIVERY_LEASE_MS) })
    .where(inArray(sandboxGatewayTrades.payNo, due))
    .returning();
  let answered = 0;
  for (const trade of claimed) {
    let answer = '';
    try {
      answer = await post(trade.notifyUrl, new URLSearchParams(await sandboxNotifyParams(db, trade, now)));
    } catch (error) {
      log.warn('sandbox gateway notify failed', { payNo: trade.payNo, error });
    }
    const attempts = trade.notifyAttempts + 1;
    if (answer === NOTIFY_ANSWER_OK) {
      answered += 1;
      await db.update(sandboxGatewayTrades).set({ notifiedAt: now, notifyAttempts: attempts }).where(eq(sandboxGatewayTrades.payNo, trade.payNo));
    } else {
      const delayS = NOTIFY_RETRY_DELAYS_S[Math.min(attempts - 1, NOTIFY_RETRY_DELAYS_S.length - 1)]!;
      await db
        .update(sandboxGatewayTrades)
        .set({ notifyAttempts: attempts, nextNotifyAt: new Date(now.getTime() + delayS * 1000) })
        .where(eq(sandboxGatewayTrades.payNo, trade.payNo));
    }
  }
  return answered;
}

// ---------------------------------------------------------------------------------------------
// the adapter behind the port

const TRADE_STATES: Record<SandboxTrade['status'], TradeState> = { waiting: 'waiting', paid: 'paid', cancelled: 'closed' };

/** The sandbox gateway for one channel: checkout on /sandbox/pay, notifies signed with its own key. */
export function sandboxGateway(channel: GatewayChannel): PaymentGateway {
  return {
    provider: 'sandbox',
    channel,
    async openCheckout(request, { db }) {
      return { kind: 'redirect', url: await openSandboxCheckout(db, { ...request, channel }) };
    },
    async verifyNotify(notify, { db }): Promise<NotifyVerdict> {
      const params = Object.fromEntries(new URLSearchParams(notify.body));
      if (!verifyParams(params, (await sandboxGatewayKeys(db)).publicKeyPem)) return { ok: false, reason: 'bad signature' };
      const merchant = SANDBOX_MERCHANT_IDS[channel];
      if (params['app_id'] !== merchant.appId || params['seller_id'] !== merchant.sellerId) {
        return { ok: false, reason: `not our app or merchant (app_id ${params['app_id']}, seller_id ${params['seller_id']})` };
      }
      const payNo = params['out_trade_no'] ?? '';
      const tradeNo = params['trade_no'] ?? '';
      if (!PAID_TRADE_STATUSES.has(params['trade_status'] ?? '')) return { ok: true, payNo, tradeNo, amountFen: 0, paid: false };
      try {
        return { ok: true, payNo, tradeNo, amountFen: yuanToFen(params['total_amount'] ?? ''), paid: true };
      } catch {
        return { ok: false, reason: `total_amount is not money: ${params['total_amount']}` };
      }
    },
    notifyAnswer: (outcome) => plainNotifyAnswer(outcome),
    async queryTrade(payNo, { db }) {
      const trade = await findSandboxTrade(db, payNo);
      if (!trade || trade.channel !== channel) return { ok: false, reason: 'trade not found' };
      return { ok: true, state: TRADE_STATES[trade.status], tradeNo: trade.tradeNo, amountFen: trade.amountFen, raw: JSON.stringify(trade) };
    },
    async refund(request, { db }) {
      // The sandbox moves no money: a refund of a paid trade within its amount is simply done.
      const trade = await findSandboxTrade(db, request.payNo);
      if (!trade || trade.channel !== channel) return { ok: false, reason: 'trade not found' };
      if (trade.status !== 'paid') return { ok: false, reason: 'trade not paid' };
      if (request.refundFen <= 0 || request.refundFen > trade.amountFen) return { ok: false, reason: 'refund amount out of range' };
      return { ok: true, state: 'done', refundFen: request.refundFen, gatewayRefundNo: `${trade.tradeNo}-${request.refundNo}` };
    },
  };
}
