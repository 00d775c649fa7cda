/**
 * The sandbox payment gateway: the page that plays Alipay / WeChat Pay outside production. The
 * payer at a real gateway is not signed in to the shop, so these calls send no token; the pay_no
 * alone names the trade.
 */
import { apiPost } from '~/platform/client/client';

/** Where the gateway sends the browser back to the shop (/pay-result?order_no=...). */
export interface SandboxPayAnswer {
  return_url: string;
}

export function confirmSandboxPayment(payNo: string): Promise<SandboxPayAnswer> {
  return apiPost('/sandbox/pay/confirm', { pay_no: payNo }, { noToken: true });
}

export function cancelSandboxPayment(payNo: string): Promise<SandboxPayAnswer> {
  return apiPost('/sandbox/pay/cancel', { pay_no: payNo }, { noToken: true });
}
