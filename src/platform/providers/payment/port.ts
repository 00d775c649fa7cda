/**
 * The port to the payment gateways (ARCHITECTURE "outside world"): one PaymentGateway per channel,
 * chosen at boot (index.ts). The order service asks an adapter for a checkout, hands it every
 * notify to verify, and compares the amount the adapter reports with its own payment row: the
 * adapter knows the provider's protocol and our merchant ids, the service knows our orders.
 *
 * Adapters: sandbox.ts (this site plays the gateway, outside production), alipay.ts (alipay-sdk,
 * page pay and the RSA2-signed form notify), wechatpay.ts (WeChat Pay API v3, Native pay and the
 * AES-GCM encrypted JSON notify).
 */
import type { DbOrTx } from '~/platform/db/client';
import type { GatewayChannel } from '~/features/wallet/contract/money';

export type { GatewayChannel };

export const GATEWAY_CHANNELS: readonly GatewayChannel[] = ['alipay', 'wechat'];

/** What the adapter may need from our side: the sandbox books trades in our own database. */
export interface GatewayContext {
  db: DbOrTx;
  now: Date;
}

export interface CheckoutRequest {
  /** Our payment number: Alipay out_trade_no, WeChat out_trade_no. */
  payNo: string;
  amountFen: number;
  subject: string;
  /** Absolute URL of our notify endpoint for this channel. */
  notifyUrl: string;
  /** Absolute URL the payer comes back to (/pay-result?order_no=...). */
  returnUrl: string;
  /** After this the gateway closes the trade (our order's pay deadline). */
  expiresAt?: Date;
}

/**
 * What the browser needs: a page to go to (Alipay page pay, the sandbox page) or a code to show
 * as a QR (WeChat Native's code_url, `weixin://wxpay/bizpayurl?pr=...`).
 */
export type Checkout = { kind: 'redirect'; url: string } | { kind: 'qr'; codeUrl: string };

/** A notify exactly as it reached us: the raw body (signatures cover the bytes) and the headers. */
export interface IncomingNotify {
  body: string;
  headers: Headers;
}

/**
 * A verified notify reports the trade; the service still checks payNo and amountFen against its
 * own payment. `paid` is false for a genuine notify of a trade that is not (yet) paid.
 */
export type NotifyVerdict =
  | { ok: true; payNo: string; tradeNo: string; amountFen: number; paid: boolean }
  | { ok: false; reason: string };

/** What our notify endpoint answers the gateway (the gateway retries until it reads success). */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

export type TradeState = 'waiting' | 'paid' | 'closed' | 'refunded' | 'unknown';

export type TradeQuery =
  | { ok: true; state: TradeState; tradeNo: string | null; amountFen: number | null; raw: string }
  | { ok: false; reason: string };

export interface RefundRequest {
  payNo: string;
  /** Our refund number, idempotent at the gateway: the same number never refunds twice. */
  refundNo: string;
  refundFen: number;
  /** The whole payment (WeChat wants both). */
  totalFen: number;
  reason: string;
}

export type RefundResult = { ok: true; state: 'done' | 'processing'; refundFen: number; gatewayRefundNo: string | null } | { ok: false; reason: string };

export interface PaymentGateway {
  /** Which adapter this is, for logs and the health page: 'sandbox' | 'alipay' | 'wechatpay'. */
  readonly provider: string;
  readonly channel: GatewayChannel;
  openCheckout(request: CheckoutRequest, context: GatewayContext): Promise<Checkout>;
  verifyNotify(notify: IncomingNotify, context: GatewayContext): Promise<NotifyVerdict>;
  notifyAnswer(outcome: 'success' | 'fail'): NotifyAnswer;
  queryTrade(payNo: string, context: GatewayContext): Promise<TradeQuery>;
  refund(request: RefundRequest, context: GatewayContext): Promise<RefundResult>;
}

/** Alipay's notify protocol answers a plain body; the sandbox speaks it on both channels. */
export const NOTIFY_ANSWER_OK = 'success';
export const NOTIFY_ANSWER_FAIL = 'fail';

export function plainNotifyAnswer(outcome: 'success' | 'fail', status = 200): NotifyAnswer {
  return { status, contentType: 'text/plain; charset=utf-8', body: outcome === 'success' ? NOTIFY_ANSWER_OK : NOTIFY_ANSWER_FAIL };
}

/** A checkout as the wire contract's one `checkout_url` (a QR's content is its URL too). */
export function checkoutUrlOf(checkout: Checkout): string {
  return checkout.kind === 'redirect' ? checkout.url : checkout.codeUrl;
}
