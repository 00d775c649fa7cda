/**
 * The port to the payment gateways (Alipay, WeChat Pay), ARCHITECTURE "outside world". The
 * merchant side (services/payments.ts) only asks for a checkout address and verifies notifies;
 * it never trusts a notify it cannot verify.
 *
 * The notify is Alipay's asynchronous notification: form fields signed with RSA2 (SHA256withRSA
 * over the fields other than sign and sign_type, sorted by name and joined as k=v&k=v), carrying
 * app_id, seller_id (the merchant), out_trade_no (our pay_no), trade_no, total_amount and
 * trade_status. The merchant answers the body `success`, and the gateway retries until it does.
 * Both sandbox channels speak this format (docs/decisions.md "Payments"); a real WeChat Pay
 * adapter would verify its own v3 signature headers behind the same port.
 */
import { createVerify, createSign } from 'node:crypto';
import type { PayChannel } from '../db/schema';

export type GatewayChannel = Exclude<PayChannel, 'wallet'>;

/** Who we are at each gateway: the notify must name exactly these. */
export const MERCHANT_IDS: Readonly<Record<GatewayChannel, { appId: string; sellerId: string }>> = {
  alipay: { appId: '2021000000000001', sellerId: '2088000000000001' },
  wechat: { appId: 'wx0000000000000001', sellerId: '1600000001' },
};

export const NOTIFY_ANSWER_OK = 'success';
export const NOTIFY_ANSWER_FAIL = 'fail';
export const TRADE_SUCCESS = 'TRADE_SUCCESS';

export interface CheckoutRequest {
  payNo: string;
  channel: GatewayChannel;
  amountFen: number;
  subject: string;
  /** Absolute URL of our notify endpoint for this channel. */
  notifyUrl: string;
  /** Absolute URL the payer comes back to (/pay-result?order_no=...). */
  returnUrl: string;
}

/** The text signed: every field but sign and sign_type, non-empty, sorted by name, k=v joined by &. */
export function signingText(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signParams(params: Readonly<Record<string, string>>, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(signingText(params), 'utf8').sign(privateKeyPem, 'base64');
}

/** Whether `params.sign` is the gateway's RSA2 signature of the other fields. */
export function verifyParams(params: Readonly<Record<string, string>>, publicKeyPem: string): boolean {
  const sign = params['sign'];
  if (!sign || params['sign_type'] !== 'RSA2') return false;
  try {
    return createVerify('RSA-SHA256').update(signingText(params), 'utf8').verify(publicKeyPem, sign, 'base64');
  } catch {
    return false;
  }
}
