/**
 * Order calls (docs/money-api.md; spec §7 group order): quote, create, pay, read, cancel, renew and
 * the hafu-coin charge of a rental. Every call needs the signed-in user's token. Money comes as
 * yuan strings ("12.50") beside integer fen (`*_fen`).
 *
 * Calls that create or pay something take an idempotency key: the server answers a repeat of the
 * same key with the first answer, so a double click or a retried request never pays twice.
 */
import { call, type RequestOptions } from '~/platform/client/client';
import { IDEMPOTENCY_HEADER, type CancelPreview, type Credentials, type LoginFailureReport, type OrderInfo, type OrderQuote, type OrderView, type Page, type PayChannel, type PayResult, type RenewCheck, type RentalRequest } from '~/features/wallet/contract/money';
import { ORDER_ROUTES } from '~/features/orders/routes';
import type { OrderListFilter } from '~/features/orders/rules/order-status';

type Signal = Pick<RequestOptions, 'signal'>;

const withKey = (key: string): RequestOptions => ({ headers: { [IDEMPOTENCY_HEADER]: key } });

export function quoteOrder(request: RentalRequest, options: Signal = {}): Promise<OrderQuote> {
  return call(ORDER_ROUTES.quote, { ...request }, options);
}

export function createOrder(request: RentalRequest, idempotencyKey: string): Promise<OrderView> {
  return call(ORDER_ROUTES.create, { ...request }, withKey(idempotencyKey));
}

/** 确认订单 paid from the wallet: booked and paid in one call (the answer is the paid order). */
export function checkoutOrder(request: RentalRequest, idempotencyKey: string): Promise<OrderView> {
  return call(ORDER_ROUTES.checkout, { ...request }, withKey(idempotencyKey));
}

/** Wallet: paid at once. Alipay / WeChat: go to checkout_url. */
export function payOrder(orderNo: string, channel: PayChannel, idempotencyKey: string): Promise<PayResult> {
  return call(ORDER_ROUTES.pay, { order_no: orderNo, channel }, withKey(idempotencyKey));
}

export function getOrderInfo(orderNo: string, options: Signal = {}): Promise<OrderInfo> {
  return call(ORDER_ROUTES.info, { order_no: orderNo }, options);
}

export function getOrder(orderNo: string, options: Signal = {}): Promise<OrderView> {
  return call(ORDER_ROUTES.detail, { order_no: orderNo }, options);
}

/** Rental orders of the user, newest first. */
export function listOrders(query: { filter?: OrderListFilter; page: number; page_size: number }, options: Signal = {}): Promise<Page<OrderView>> {
  return call(ORDER_ROUTES.list, { ...query }, options);
}

export function getCredentials(orderNo: string, options: Signal = {}): Promise<Credentials> {
  return call(ORDER_ROUTES.credentials, { order_no: orderNo }, options);
}

export function previewCancel(orderNo: string, options: Signal = {}): Promise<CancelPreview> {
  return call(ORDER_ROUTES.cancelPreview, { order_no: orderNo }, options);
}

export function cancelOrder(orderNo: string): Promise<OrderView> {
  return call(ORDER_ROUTES.cancel, { order_no: orderNo });
}

/** "Cannot log in" in one click: the rental stops, everything paid comes back at once. */
export function reportLoginFailure(orderNo: string): Promise<LoginFailureReport> {
  return call(ORDER_ROUTES.loginFailure, { order_no: orderNo });
}

export function checkRenew(orderNo: string, hours: number, options: Signal = {}): Promise<RenewCheck> {
  return call(ORDER_ROUTES.renewCheck, { order_no: orderNo, hours }, options);
}

/** Renewals are paid from the wallet. */
export function renewOrder(orderNo: string, hours: number, idempotencyKey: string): Promise<OrderView> {
  return call(ORDER_ROUTES.renew, { order_no: orderNo, hours }, withKey(idempotencyKey));
}

/** spec §7 "POST charge account": the hafu-coin prepay of a paid rental, from the wallet; amount in yuan, 2 decimals. */
export function chargeGameMoney(orderNo: string, amount: string, idempotencyKey: string): Promise<OrderView> {
  return call(ORDER_ROUTES.chargeAccount, { order_no: orderNo, amount }, withKey(idempotencyKey));
}
