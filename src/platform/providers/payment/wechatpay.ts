/**
 * WeChat Pay API v3 by its published protocol, with node:crypto only:
 *   requests  signed `WECHATPAY2-SHA256-RSA2048` over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`
 *             with the merchant API key; every 2xx answer's Wechatpay-Signature is verified over
 *             `TIMESTAMP\nNONCE\nBODY\n` with the WeChat Pay public key named by Wechatpay-Serial;
 *   checkout  Native pay, POST /v3/pay/transactions/native, answering code_url (shown as a QR);
 *   notify    the same signature over the raw body, a fresh timestamp, then `resource` decrypted
 *             with AEAD_AES_256_GCM under the APIv3 key; appid and mchid must be ours;
 *   query     GET /v3/pay/transactions/out-trade-no/{no}?mchid=...;
 *   refund    POST /v3/refund/domestic/refunds.
 * A notify is acknowledged with 204 and no body; a refusal is 4xx/5xx with {code:"FAIL",message}.
 */
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { type NotifyAnswer, type NotifyVerdict, type PaymentGateway, type TradeState } from '~/platform/providers/payment/port';
import { formatShanghaiRfc3339 } from '~/platform/rules/shanghai-time';

export interface WechatPayOptions {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate (Authorization serial_no). */
  serialNo: string;
  /** PKCS#8 PEM of the merchant API private key. */
  privateKeyPem: string;
  /** The 32-byte APIv3 key. */
  apiV3Key: string;
  /** SPKI PEM of the WeChat Pay public key and its id (Wechatpay-Serial). */
  platformPublicKeyPem: string;
  platformSerial: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com';
/** WeChat's own SDKs refuse a signed message whose timestamp is further than this from now. */
export const WECHATPAY_CLOCK_SKEW_S = 300;
const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const STATES: Record<string, TradeState> = { NOTPAY: 'waiting', USERPAYING: 'waiting', SUCCESS: 'paid', CLOSED: 'closed', REVOKED: 'closed', PAYERROR: 'closed', REFUND: 'refunded' };

export interface WechatSignedHeaders {
  timestamp: string;
  nonce: string;
  signature: string;
  serial: string;
}

export function wechatSignedHeaders(headers: Headers): WechatSignedHeaders {
  return {
    timestamp: headers.get('wechatpay-timestamp') ?? '',
    nonce: headers.get('wechatpay-nonce') ?? '',
    signature: headers.get('wechatpay-signature') ?? '',
    serial: headers.get('wechatpay-serial') ?? '',
  };
}

/** The request signature message: method, path with query, timestamp, nonce, body, each ended by \n. */
export function wechatRequestMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function rsaSha256Sign(message: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

export function rsaSha256Verify(message: string, signature: string, publicKeyPem: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: ciphertext is base64 of the encrypted bytes followed by the 16-byte tag. */
export function aeadDecrypt(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** The inverse, for fakes and tests: what WeChat Pay does to a notify resource. */
export function aeadEncrypt(apiV3Key: string, plaintext: string, nonce: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

const nonceStr = (): string => randomBytes(16).toString('hex');

/** WeChat reads time_expire as RFC 3339 with an offset: Beijing time, +08:00. */
export function wechatTime(at: Date): string {
  return formatShanghaiRfc3339(at);
}

interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

class WechatPayError extends Error {}

export function wechatpayGateway(options: WechatPayOptions): PaymentGateway {
  const baseUrl = (options.baseUrl ?? WECHATPAY_DEFAULT_BASE_URL).replace(/\/+$/, '');

  /** Whether a signed message (answer or notify) comes from WeChat Pay, now. */
  function signedByPlatform(headers: Headers, body: string, now: Date): string | null {
    const signed = wechatSignedHeaders(headers);
    if (!signed.signature || !signed.timestamp || !signed.nonce) return 'unsigned';
    if (signed.serial !== options.platformSerial) return `Wechatpay-Serial ${signed.serial} is not the configured platform key`;
    if (Math.abs(now.getTime() / 1000 - Number(signed.timestamp)) > WECHATPAY_CLOCK_SKEW_S || !/^\d+$/.test(signed.timestamp)) return 'stale or bad timestamp';
    if (!rsaSha256Verify(`${signed.timestamp}\n${signed.nonce}\n${body}\n`, signed.signature, options.platformPublicKeyPem)) return 'bad signature';
    return null;
  }

  /** One signed call; answers the parsed JSON of a verified 2xx, throws otherwise. */
  async function call<T>(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = nonceStr();
    const signature = rsaSha256Sign(wechatRequestMessage(method, pathWithQuery, timestamp, nonce, body), options.privateKeyPem);
    const response = await fetch(`${baseUrl}${pathWithQuery}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'user-agent': 'zuhao-market/1 (+wechatpay-v3)',
        'wechatpay-serial': options.platformSerial,
        authorization: `${AUTH_SCHEMA} mchid="${options.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${options.serialNo}"`,
      },
      ...(method === 'POST' ? { body } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    if (!response.ok) {
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { code?: string; message?: string };
        detail = `${parsed.code ?? ''} ${parsed.message ?? ''}`.trim();
      } catch {
        // not JSON: keep the text
      }
      throw new WechatPayError(`WeChat Pay ${method} ${pathWithQuery.split('?')[0]} answered ${response.status}: ${detail}`);
    }
    const problem = signedByPlatform(response.headers, text, new Date());
    if (problem) throw new WechatPayError(`WeChat Pay answer not verified: ${problem}`);
    return (text === '' ? {} : JSON.parse(text)) as T;
  }

  const failure = (error: unknown): { ok: false; reason: string } => ({ ok: false, reason: error instanceof Error ? error.message : String(error) });

  return {
    provider: 'wechatpay',
    channel: 'wechat',
    async openCheckout(request) {
      const answer = await call<{ code_url?: string }>('POST', '/v3/pay/transactions/native', {
        appid: options.appId,
        mchid: options.mchId,
        // description is at most 127 characters.
        description: request.subject.slice(0, 127),
        out_trade_no: request.payNo,
        notify_url: request.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
        ...(request.expiresAt ? { time_expire: wechatTime(request.expiresAt) } : {}),
      });
      if (!answer.code_url) throw new WechatPayError('WeChat Pay Native answered no code_url');
      return { kind: 'qr', codeUrl: answer.code_url };
    },
    async verifyNotify(notify, { now }): Promise<NotifyVerdict> {
      const problem = signedByPlatform(notify.headers, notify.body, now);
      if (problem) return { ok: false, reason: problem };
      let transaction: WechatTransaction;
      let eventType = '';
      try {
        const envelope = JSON.parse(notify.body) as { event_type?: string; resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string } };
        eventType = envelope.event_type ?? '';
        if (!envelope.resource || envelope.resource.algorithm !== 'AEAD_AES_256_GCM') return { ok: false, reason: 'no AEAD_AES_256_GCM resource' };
        transaction = JSON.parse(aeadDecrypt(options.apiV3Key, envelope.resource)) as WechatTransaction;
      } catch (error) {
        return { ok: false, reason: `resource not readable: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (transaction.appid !== options.appId || transaction.mchid !== options.mchId) {
        return { ok: false, reason: `not our app or merchant (appid ${transaction.appid}, mchid ${transaction.mchid})` };
      }
      const payNo = transaction.out_trade_no ?? '';
      const tradeNo = transaction.transaction_id ?? '';
      const paid = eventType === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS';
      const total = transaction.amount?.total;
      if (!paid) return { ok: true, payNo, tradeNo, amountFen: typeof total === 'number' ? total : 0, paid: false };
      if (typeof total !== 'number' || !Number.isSafeInteger(total) || transaction.amount?.currency !== undefined && transaction.amount.currency !== 'CNY') {
        return { ok: false, reason: `amount not CNY fen: ${JSON.stringify(transaction.amount)}` };
      }
      return { ok: true, payNo, tradeNo, amountFen: total, paid: true };
    },
    notifyAnswer(outcome): NotifyAnswer {
      if (outcome === 'success') return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
      return { status: 400, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },
    async queryTrade(payNo) {
      try {
        const answer = await call<WechatTransaction>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(payNo)}?mchid=${encodeURIComponent(options.mchId)}`);
        if (answer.mchid !== undefined && answer.mchid !== options.mchId) return { ok: false, reason: `mchid ${answer.mchid} is not ours` };
        return {
          ok: true,
          state: STATES[answer.trade_state ?? ''] ?? 'unknown',
          tradeNo: answer.transaction_id ?? null,
          amountFen: typeof answer.amount?.total === 'number' ? answer.amount.total : null,
          raw: JSON.stringify(answer),
        };
      } catch (error) {
        return failure(error);
      }
    },
    async refund(request) {
      try {
        const answer = await call<{ refund_id?: string; status?: string; amount?: { refund?: number } }>('POST', '/v3/refund/domestic/refunds', {
          out_trade_no: request.payNo,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
        });
        if (answer.status === 'CLOSED' || answer.status === 'ABNORMAL') return { ok: false, reason: `refund ${answer.status}` };
        return { ok: true, state: answer.status === 'SUCCESS' ? 'done' : 'processing', refundFen: answer.amount?.refund ?? request.refundFen, gatewayRefundNo: answer.refund_id ?? null };
      } catch (error) {
        return failure(error);
      }
    },
  };
}
