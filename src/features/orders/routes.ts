/**
 * The orders' routes (docs/money-api.md; spec §7 group order, detail "charge account", account
 * "recharge"), declared once: the browser calls them with `call(route, input)`, the endpoints serve
 * them with the schemas of wire.ts. Every call needs the signed-in user's token except the sandbox
 * gateway's, whose payer is not signed in to the shop. Calls that create or pay something take an
 * Idempotency-Key header (features/wallet/client/money.ts sends it).
 */
import { route } from '~/platform/wire/route';
import type { Page } from '~/platform/wire/common';
import type { DaysAheadView } from '~/features/orders/rules/days-ahead';
import type { OrderListFilter } from '~/features/orders/rules/order-status';
import type {
  CancelPreview,
  Credentials,
  GatewayChannel,
  GatewayCheckout,
  LoginFailureReport,
  OrderInfo,
  OrderQuote,
  OrderView,
  PayChannel,
  PayResult,
  RenewCheck,
  RentalRequest,
  WechatNativeQr,
} from '~/features/wallet/contract/money';
import type { HafuAnswerRequest, HafuReportRequest, HafuResolveRequest, HafuSettlementView, OpsHafuDispute } from '~/features/orders/hafu-contract';

/** The order's number: what most order calls name. */
export interface OrderNoInput {
  order_no: string;
}

export interface OrderListQuery {
  filter?: OrderListFilter;
  page?: number;
  page_size?: number;
}

/** Money is yuan with at most 2 decimals ("12.50"). */
export interface ChargeRequest extends OrderNoInput {
  amount: string;
}

export interface RechargeRequest {
  amount: string;
  channel: GatewayChannel;
}

/** The sandbox gateway's page: where the browser goes back to the shop. */
export interface SandboxPayAnswer {
  return_url: string;
}

/** What fast-forwarding a running rental did (development and test only). */
export interface FastForwardAnswer {
  order_no: string;
  status: number;
  /** The earnings' state afterwards; null when the rental has none. */
  earnings: string | null;
}

export const ORDER_ROUTES = {
  /** The server's price of a rental for this user now. */
  quote: route.post<RentalRequest, OrderQuote>('/order/quote'),
  /** An unpaid rental order (Idempotency-Key). */
  create: route.post<RentalRequest, OrderView>('/order/create'),
  /** 确认订单 paid from the wallet: the rental booked and paid in one step (Idempotency-Key). */
  checkout: route.post<RentalRequest, OrderView>('/order/checkout'),
  /** Wallet: paid at once; Alipay / WeChat: the checkout to go to (Idempotency-Key). */
  pay: route.post<OrderNoInput & { channel: PayChannel }, PayResult>('/order/pay'),
  /** The status for /pay-result. */
  info: route.get<OrderNoInput, OrderInfo>('/order/info'),
  detail: route.get<OrderNoInput, OrderView>('/order/detail'),
  /** The user's rental orders, newest first. */
  list: route.get<OrderListQuery, Page<OrderView>>('/order/list'),
  /** The account's login details, only while the rental runs. */
  credentials: route.get<OrderNoInput, Credentials>('/order/credentials'),
  /** What cancelling now gives back. */
  cancelPreview: route.get<OrderNoInput, CancelPreview>('/order/cancelPreview'),
  cancel: route.post<OrderNoInput, OrderView>('/order/cancel'),
  /** "Cannot log in" in one click: the rental stops, everything paid comes back at once. */
  loginFailure: route.post<OrderNoInput, LoginFailureReport>('/order/loginFailure'),
  /** Whether `hours` more fit after the rental, and their price. */
  renewCheck: route.post<OrderNoInput & { hours: number }, RenewCheck>('/order/renewCheck'),
  /** Renewals are paid from the wallet (Idempotency-Key). */
  renew: route.post<OrderNoInput & { hours: number }, OrderView>('/order/renew'),
  /** The listing's free stretches over the coming days (public: the detail page's 档期). */
  daysAhead: route.get<{ account_id: number }, DaysAheadView>('/detail/daysAhead'),
  /** The hafu-coin prepay of a running rental, from the wallet (Idempotency-Key). */
  chargeAccount: route.post<ChargeRequest, OrderView>('/detail/chargeAccount'),
  /** Recharge through a gateway (Idempotency-Key); needs real-name verification. */
  recharge: route.post<RechargeRequest, GatewayCheckout>('/account/recharge'),
  /** WeChat Pay Native's payer page: the QR of the user's own payment. */
  wechatQr: route.get<{ pay_no: string }, WechatNativeQr>('/pay/wechat/qr'),
  /** The hafu-coin settlement of the renter's order (404 without a prepay). */
  hafu: route.get<OrderNoInput, HafuSettlementView>('/order/hafu'),
  /** The renter reports the coins left, after the end and within the report window. */
  hafuReport: route.post<HafuReportRequest, HafuSettlementView>('/order/hafuReport'),
  /** The listing owner's view of a rental's hafu-coin settlement. */
  sellerHafu: route.get<OrderNoInput, HafuSettlementView>('/seller/hafu'),
  /** The owner accepts the renter's count or disputes it with their own and evidence. */
  sellerHafuAnswer: route.post<HafuAnswerRequest, HafuSettlementView>('/seller/hafuAnswer'),
  /** Operators: disputed hafu-coin settlements (permission complaints). */
  opsHafuDisputes: route.get<{ page?: number; page_size?: number }, Page<OpsHafuDispute>>('/ops/hafu'),
  /** Operators: one settlement by order number. */
  opsHafuDetail: route.get<OrderNoInput, HafuSettlementView>('/ops/hafu/detail'),
  /** Operators: the final count of a disputed settlement, with a reason; settles it. */
  opsHafuResolve: route.post<HafuResolveRequest, HafuSettlementView>('/ops/hafu/resolve'),
  /** Development and test only: a running rental ends now and is settled. */
  sandboxFastForward: route.post<OrderNoInput, FastForwardAnswer>('/sandbox/orders/fast-forward'),
  /** The sandbox gateway's payer confirms (no token: the gateway is another site). */
  sandboxPayConfirm: route.post<{ pay_no: string }, SandboxPayAnswer>('/sandbox/pay/confirm'),
  /** The sandbox gateway's payer gives up (no token). */
  sandboxPayCancel: route.post<{ pay_no: string }, SandboxPayAnswer>('/sandbox/pay/cancel'),
};
