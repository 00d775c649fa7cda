/**
 * A local fake of WeChat Pay API v3 (node:http on 127.0.0.1), shared by payment-adapters.test.ts
 * and wechat-native-page.test.ts: it checks our Authorization signature with the merchant public
 * key, signs its answers with its own platform key and encrypts notify resources with the APIv3
 * key; it serves Native checkout, query by out_trade_no and refund. One more rule of the real
 * gateway matters to the Native payer page: ordering the same out_trade_no again with identical
 * fields answers the same code_url (other fields: 400 商户订单号重复; a paid trade: 400 ORDERPAID),
 * which is how our page gets the code back without storing it.
 *
 * Also the key and server helpers the Alipay fake of payment-adapters.test.ts uses.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingNotify, PaymentConfig } from '~/platform/providers/payment';
import { aeadEncrypt, wechatRequestMessage } from '~/platform/providers/payment/wechatpay';

export const WECHAT_MCH_ID = '1900000109';
export const WECHAT_APP_ID = 'wxd678efh567hg6787';
export const WECHAT_SERIAL_NO = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
export const WECHAT_PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
export const API_V3_KEY = 'a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export const keyPair = (): KeyPair =>
  generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });

export const rsaSign = (text: string, privateKey: string): string => createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');
export const rsaVerify = (text: string, signature: string, publicKey: string): boolean => {
  try {
    return createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A node:http server on 127.0.0.1 (a free port) handing `handler` each request with its whole body. */
export async function listen(handler: (request: IncomingMessage, body: string, response: ServerResponse) => void): Promise<{ server: Server; base: string }> {
  const server = createServer((request, response) => {
    readBody(request).then((body) => handler(request, body, response), (error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A trade as WeChat Pay shows it (query answer, notify resource). */
export interface WechatTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number; payer_total: number; currency: string; payer_currency: string };
}

export interface FakeWechatTrade extends WechatTransaction {
  /** What the first order of this out_trade_no asked, byte for byte, and the code it got. */
  request: string;
  code_url: string;
  refundedFen: number;
}

/** How a signature is made other than WeChat Pay would: another key, serial or time. */
export interface SigningOptions {
  key?: string;
  serial?: string;
  timestamp?: number;
}

/** The trade as WeChat Pay shows it: without what the fake keeps for itself. */
function shownOf(trade: FakeWechatTrade): WechatTransaction {
  const { request: _request, code_url: _code, refundedFen: _refunded, ...shown } = trade;
  return shown;
}

export class FakeWechatPay {
  readonly platformKeys = keyPair();
  readonly merchantKeys = keyPair();
  readonly trades = new Map<string, FakeWechatTrade>();
  readonly calls: { method: string; path: string; authorized: boolean; body: Record<string, unknown>; status: number }[] = [];
  /** Answers signed with a key that is not the platform's: the adapter must refuse them. */
  forgeAnswers = false;
  base = '';
  private server: Server | null = null;

  async start(): Promise<void> {
    const { server, base } = await listen((request, body, response) => this.serve(request, body, response));
    this.server = server;
    this.base = base;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise((resolve) => server.close(resolve));
  }

  /** A live configuration with WeChat Pay on this fake and Alipay closed. */
  config(publicBaseUrl: string): PaymentConfig {
    return {
      APP_ENV: 'test',
      PAYMENT_PROVIDER: 'live',
      PUBLIC_BASE_URL: publicBaseUrl,
      WECHATPAY_MCH_ID: WECHAT_MCH_ID,
      WECHATPAY_APP_ID: WECHAT_APP_ID,
      WECHATPAY_SERIAL_NO: WECHAT_SERIAL_NO,
      WECHATPAY_PRIVATE_KEY: this.merchantKeys.privateKey,
      WECHATPAY_API_V3_KEY: API_V3_KEY,
      WECHATPAY_PLATFORM_PUBLIC_KEY: this.platformKeys.publicKey,
      WECHATPAY_PLATFORM_SERIAL: WECHAT_PLATFORM_SERIAL,
      WECHATPAY_BASE_URL: this.base,
    };
  }

  /** WeChat Pay's answer/notify signature headers over `timestamp\nnonce\nbody\n`. */
  signedHeaders(body: string, options: SigningOptions = {}): Record<string, string> {
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-serial': options.serial ?? WECHAT_PLATFORM_SERIAL,
      'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, options.key ?? this.platformKeys.privateKey),
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  /**
   * The payer scans and pays: the trade is SUCCESS; the notify as WeChat Pay posts it, its
   * transaction fields overridden by `change` and signed or encrypted otherwise by `options`.
   */
  pay(payNo: string, change: Partial<WechatTransaction> = {}, options: SigningOptions & { apiV3Key?: string } = {}): IncomingNotify {
    const trade = this.trades.get(payNo);
    if (!trade) throw new Error(`the fake never saw ${payNo}`);
    trade.trade_state = 'SUCCESS';
    const transaction = { ...shownOf(trade), ...change, trade_type: 'NATIVE', bank_type: 'OTHERS', success_time: '2026-11-24T20:00:00+08:00', payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } };
    const nonce = randomBytes(6).toString('hex');
    const body = JSON.stringify({
      id: randomBytes(8).toString('hex'),
      create_time: '2026-11-24T20:00:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: aeadEncrypt(options.apiV3Key ?? API_V3_KEY, JSON.stringify(transaction), nonce, 'transaction'), associated_data: 'transaction', nonce },
    });
    return { body, headers: new Headers({ 'content-type': 'application/json', ...this.signedHeaders(body, options) }) };
  }

  private authorized(method: string, pathWithQuery: string, body: string, authorization: string): boolean {
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(authorization);
    if (!match) return false;
    const fields = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (fields['mchid'] !== WECHAT_MCH_ID || fields['serial_no'] !== WECHAT_SERIAL_NO) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields['timestamp'])) > 300) return false;
    return rsaVerify(wechatRequestMessage(method, pathWithQuery, fields['timestamp'] ?? '', fields['nonce_str'] ?? '', body), fields['signature'] ?? '', this.merchantKeys.publicKey);
  }

  private answer(response: ServerResponse, status: number, payload: unknown): void {
    const body = JSON.stringify(payload);
    this.calls[this.calls.length - 1]!.status = status;
    const headers = status < 300 ? this.signedHeaders(body, this.forgeAnswers ? { key: keyPair().privateKey } : {}) : {};
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(body);
  }

  private serve(request: IncomingMessage, body: string, response: ServerResponse): void {
    const pathWithQuery = request.url ?? '/';
    const url = new URL(pathWithQuery, this.base);
    const authorized = this.authorized(request.method ?? '', pathWithQuery, body, request.headers.authorization ?? '');
    const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    this.calls.push({ method: request.method ?? '', path: url.pathname, authorized, body: payload, status: 0 });
    if (!authorized) return this.answer(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const outTradeNo = String(payload['out_trade_no']);
      const known = this.trades.get(outTradeNo);
      if (known) {
        if (known.trade_state === 'SUCCESS') return this.answer(response, 400, { code: 'ORDERPAID', message: '该订单已支付' });
        if (known.request !== body) return this.answer(response, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
        return this.answer(response, 200, { code_url: known.code_url });
      }
      const amount = payload['amount'] as { total: number; currency: string };
      const trade: FakeWechatTrade = {
        appid: String(payload['appid']),
        mchid: String(payload['mchid']),
        out_trade_no: outTradeNo,
        transaction_id: `4200${randomBytes(8).toString('hex')}`,
        trade_state: 'NOTPAY',
        amount: { total: amount.total, payer_total: amount.total, currency: amount.currency, payer_currency: 'CNY' },
        request: body,
        code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}`,
        refundedFen: 0,
      };
      this.trades.set(outTradeNo, trade);
      return this.answer(response, 200, { code_url: trade.code_url });
    }
    const queried = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && queried) {
      const trade = this.trades.get(decodeURIComponent(queried[1]!));
      if (!trade || url.searchParams.get('mchid') !== WECHAT_MCH_ID) return this.answer(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.answer(response, 200, shownOf(trade));
    }
    if (request.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const trade = this.trades.get(String(payload['out_trade_no']));
      const amount = payload['amount'] as { refund: number; total: number };
      if (!trade) return this.answer(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (amount.total !== trade.amount.total || trade.refundedFen + amount.refund > trade.amount.total) {
        return this.answer(response, 400, { code: 'INVALID_REQUEST', message: '退款金额超过订单可退金额' });
      }
      trade.refundedFen += amount.refund;
      return this.answer(response, 200, { refund_id: `50300${randomBytes(6).toString('hex')}`, out_refund_no: payload['out_refund_no'], status: 'PROCESSING', amount: { refund: amount.refund, total: amount.total, currency: 'CNY' } });
    }
    return this.answer(response, 404, { code: 'NOT_FOUND', message: '' });
  }
}
