/**
 * Alipay through its official SDK (alipay-sdk 4, public-key mode, RSA2):
 *   checkout  alipay.trade.page.pay (desktop) as a signed GET URL on the gateway (pageExecute);
 *   notify    the form post verified by checkNotifySignV2 (values already form-decoded), then
 *             app_id and, when configured, seller_id must be ours;
 *   query     alipay.trade.query, refund alipay.trade.refund (exec, answers verified with the
 *             Alipay public key: validateSign).
 * The merchant answers a notify with the plain body `success`; anything else makes Alipay retry.
 */
import { AlipaySdk } from 'alipay-sdk';
import { fenToYuan, yuanToFen } from '~/platform/rules/money';
import { plainNotifyAnswer, type NotifyVerdict, type PaymentGateway, type TradeState } from '~/platform/providers/payment/port';
import { formatShanghaiDateTimeSeconds } from '~/platform/rules/shanghai-time';

export interface AlipayOptions {
  appId: string;
  /** PKCS#8 PEM (config.ts privateKeyPem). */
  privateKeyPem: string;
  /** SPKI PEM of the Alipay public key. */
  alipayPublicKeyPem: string;
  /** The merchant PID a notify's seller_id must equal; unchecked when absent. */
  sellerId?: string;
  gateway?: string;
  timeoutMs?: number;
}

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);
const STATES: Record<string, TradeState> = { WAIT_BUYER_PAY: 'waiting', TRADE_SUCCESS: 'paid', TRADE_FINISHED: 'paid', TRADE_CLOSED: 'closed' };

/** Alipay reads time_expire as Beijing wall-clock time, `yyyy-MM-dd HH:mm:ss`. */
export function alipayTime(at: Date): string {
  return formatShanghaiDateTimeSeconds(at);
}

function failure(error: unknown): { ok: false; reason: string } {
  return { ok: false, reason: error instanceof Error ? error.message : String(error) };
}

export function alipayGateway(options: AlipayOptions): PaymentGateway {
  const sdk = new AlipaySdk({
    appId: options.appId,
    privateKey: options.privateKeyPem,
    keyType: 'PKCS8',
    alipayPublicKey: options.alipayPublicKeyPem,
    gateway: options.gateway ?? ALIPAY_DEFAULT_GATEWAY,
    timeout: options.timeoutMs ?? 10_000,
    // Keep Alipay's own snake_case field names in answers.
    camelcase: false,
  });

  return {
    provider: 'alipay',
    channel: 'alipay',
    async openCheckout(request) {
      const url = sdk.pageExecute('alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: request.payNo,
          total_amount: fenToYuan(request.amountFen),
          subject: request.subject.slice(0, 256),
          product_code: 'FAST_INSTANT_TRADE_PAY',
          ...(request.expiresAt ? { time_expire: alipayTime(request.expiresAt) } : {}),
        },
        notifyUrl: request.notifyUrl,
        returnUrl: request.returnUrl,
      });
      return { kind: 'redirect', url };
    },
    async verifyNotify(notify): Promise<NotifyVerdict> {
      const params = Object.fromEntries(new URLSearchParams(notify.body));
      if (params['sign_type'] !== undefined && params['sign_type'] !== 'RSA2') return { ok: false, reason: `sign_type ${params['sign_type']}` };
      if (!sdk.checkNotifySignV2(params)) return { ok: false, reason: 'bad signature' };
      if (params['app_id'] !== options.appId) return { ok: false, reason: `app_id ${params['app_id']} is not ours` };
      if (options.sellerId !== undefined && params['seller_id'] !== options.sellerId) return { ok: false, reason: `seller_id ${params['seller_id']} is not ours` };
      const payNo = params['out_trade_no'] ?? '';
      const tradeNo = params['trade_no'] ?? '';
      if (!PAID.has(params['trade_status'] ?? '')) return { ok: true, payNo, tradeNo, amountFen: 0, paid: false };
      try {
        return { ok: true, payNo, tradeNo, amountFen: yuanToFen(params['total_amount'] ?? ''), paid: true };
      } catch {
        return { ok: false, reason: `total_amount is not money: ${params['total_amount']}` };
      }
    },
    notifyAnswer: (outcome) => plainNotifyAnswer(outcome),
    async queryTrade(payNo) {
      try {
        const answer = await sdk.exec('alipay.trade.query', { bizContent: { out_trade_no: payNo } }, { validateSign: true });
        if (answer.code !== '10000') return { ok: false, reason: `${answer.code} ${answer['sub_code'] ?? ''} ${answer['sub_msg'] ?? answer.msg}`.trim() };
        const status = String(answer['trade_status'] ?? '');
        const total = answer['total_amount'];
        return { ok: true, state: STATES[status] ?? 'unknown', tradeNo: answer['trade_no'] ?? null, amountFen: typeof total === 'string' ? yuanToFen(total) : null, raw: JSON.stringify(answer) };
      } catch (error) {
        return failure(error);
      }
    },
    async refund(request) {
      try {
        const answer = await sdk.exec(
          'alipay.trade.refund',
          { bizContent: { out_trade_no: request.payNo, refund_amount: fenToYuan(request.refundFen), out_request_no: request.refundNo, refund_reason: request.reason } },
          { validateSign: true },
        );
        if (answer.code !== '10000') return { ok: false, reason: `${answer.code} ${answer['sub_code'] ?? ''} ${answer['sub_msg'] ?? answer.msg}`.trim() };
        // fund_change Y: money moved now; N: this out_request_no was refunded before (idempotent).
        return { ok: true, state: 'done', refundFen: request.refundFen, gatewayRefundNo: answer['trade_no'] ?? null };
      } catch (error) {
        return failure(error);
      }
    },
  };
}
