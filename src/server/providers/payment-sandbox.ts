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
 */
import { generateKeyPairSync, randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import { fenToYuan } from '~/lib/rules/money';
import type { DbOrTx } from '../db/client';
import { sandboxGatewayTrades } from '../db/schema';
import { log } from '../log';
import { sharedSecret } from '../services/app-secrets';
import { MERCHANT_IDS, NOTIFY_ANSWER_OK, TRADE_SUCCESS, signParams, type CheckoutRequest, type GatewayChannel } from './payment';

/** Seconds between notify attempts (Alipay spaces them over a day; the sandbox over minutes). */
export const NOTIFY_RETRY_DELAYS_S = [5, 15, 60, 300, 900, 3600] as const;
/** How long a claimed delivery may take before another process may try it. */
const DELIVERY_LEASE_MS = 30_000;
const NOTIFY_TIMEOUT_MS = 10_000;

interface GatewayKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

/** The sandbox gateway's key pair (the "Alipay public key" the merchant verifies with). */
export async function sandboxGatewayKeys(db: DbOrTx): Promise<GatewayKeys> {
  const pair = await sharedSecret(db, 'sandbox_gateway_keys', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    return JSON.stringify({ privateKeyPem: privateKey, publicKeyPem: publicKey });
  });
  return JSON.parse(pair) as GatewayKeys;
}

export const sandboxCheckoutPath = (payNo: string): string => `/sandbox/pay/${encodeURIComponent(payNo)}`;

/** The merchant asks for a checkout: the gateway books the trade and names its page. */
export async function openSandboxCheckout(db: DbOrTx, request: CheckoutRequest): Promise<string> {
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
  const merchant = MERCHANT_IDS[channel];
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
