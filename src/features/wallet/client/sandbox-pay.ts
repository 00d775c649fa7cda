/**
 * The sandbox payment gateway: the page that plays Alipay / WeChat Pay outside production. The
 * payer at a real gateway is not signed in to the shop, so these calls send no token; the pay_no
 * alone names the trade.
 */
import { call } from '~/platform/client/client';
import { ORDER_ROUTES, type SandboxPayAnswer } from '~/features/orders/routes';

/** Where the gateway sends the browser back to the shop (/pay-result?order_no=...). */
export type { SandboxPayAnswer } from '~/features/orders/routes';

export function confirmSandboxPayment(payNo: string): Promise<SandboxPayAnswer> {
  return call(ORDER_ROUTES.sandboxPayConfirm, { pay_no: payNo }, { noToken: true });
}

export function cancelSandboxPayment(payNo: string): Promise<SandboxPayAnswer> {
  return call(ORDER_ROUTES.sandboxPayCancel, { pay_no: payNo }, { noToken: true });
}
