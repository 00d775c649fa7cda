/**
 * WeChat Pay Native's payer page (/pay/wechat/<pay_no>, docs/providers-payment.md): the gateway
 * answers a `weixin://wxpay/bizpayurl?pr=...` code that only a phone's WeChat can open, so the
 * buyer's browser goes to our page and this module draws the code as a QR for the buyer alone.
 *
 * The code is not stored (the payments table has no column for it, and a schema change for a
 * two-hour value is not worth it): WeChat Native answers the code_url again when the same
 * out_trade_no is ordered again with the same fields, and `gatewayCheckoutRequest` rebuilds
 * exactly those fields from the order. So the code never reaches the browser as text, only as the
 * QR its owner is shown, and a payment no longer payable is never asked for again.
 */
import { and, desc, eq } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { WechatNativeQr, WechatNativeQrStatus } from '~/features/wallet/contract/money';
import { fenToYuan } from '~/platform/rules/money';
import type { DbOrTx } from '~/platform/db/client';
import { orders, payments, type OrderRow } from '~/platform/db/schema';
import { AppError, notFound } from '~/platform/http/errors';
import { log } from '~/platform/config/log';
import { paymentGateway, type Checkout } from '~/platform/providers/payment';
import { gatewayCheckoutRequest, MSG_GATEWAY_BUSY, publicBase, type SiteUrls } from '~/features/orders/server';

/** Unknown, someone else's, or not a WeChat payment: one answer, so a pay_no reveals nothing. */
export const MSG_WECHAT_PAYMENT_NOT_FOUND = '支付单不存在';

const PAY_NO_SHAPE = /^P\d{22}$/;

/** A data: URL of the QR of `text`, as the login QRs are drawn (services/qr-login.ts). */
function qrImage(text: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(renderSVG(text), 'utf8').toString('base64')}`;
}

/** Whether the order can still be paid by this payment: its latest, still pending, in time. */
function statusOf(order: OrderRow, payment: { status: string }, isLatest: boolean, now: Date): WechatNativeQrStatus {
  if (payment.status === 'paid' || order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.finished) return 'paid';
  const payable = order.status === ORDER_STATUS.unpaid || order.status === ORDER_STATUS.paying;
  if (!payable || payment.status !== 'pending' || !isLatest || order.payDeadline.getTime() <= now.getTime()) return 'closed';
  return 'waiting';
}

/**
 * GET pay/wechat/qr: the user's own WeChat payment `payNo` with its QR while it can be paid
 * (404 for another user's, as the order calls answer). The gateway is asked again for the code.
 */
export async function wechatNativeQr(db: DbOrTx, userId: number, payNo: string, site: SiteUrls, now: Date): Promise<WechatNativeQr> {
  if (!PAY_NO_SHAPE.test(payNo)) throw notFound(MSG_WECHAT_PAYMENT_NOT_FOUND);
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.payNo, payNo), eq(payments.userId, userId), eq(payments.channel, 'wechat')));
  if (!row) throw notFound(MSG_WECHAT_PAYMENT_NOT_FOUND);
  const { payment, order } = row;
  // A later payment of the same order (another channel, or a retry) replaces this one.
  const [latest] = await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1);
  const status = statusOf(order, payment, latest?.id === payment.id, now);
  const request = gatewayCheckoutRequest(order, payNo, 'wechat', status === 'waiting' ? publicBase(site) : site.origin);
  const view: WechatNativeQr = {
    pay_no: payNo,
    order_no: order.orderNo,
    subject: request.subject,
    amount: fenToYuan(payment.amountFen),
    amount_fen: payment.amountFen,
    status,
    qr_image: null,
    pay_deadline: order.payDeadline.toISOString(),
  };
  if (status !== 'waiting') return view;

  const gateway = paymentGateway('wechat');
  // The sandbox (or a closed channel) has no code to show: its checkout is its own page.
  if (!gateway) throw notFound(MSG_WECHAT_PAYMENT_NOT_FOUND);
  let checkout: Checkout;
  try {
    checkout = await gateway.openCheckout(request, { db, now });
  } catch (error) {
    log.error('payment gateway refused the code again', { channel: 'wechat', provider: gateway.provider, payNo, error });
    throw new AppError(1, MSG_GATEWAY_BUSY, 503, { cause: error });
  }
  if (checkout.kind !== 'qr') throw notFound(MSG_WECHAT_PAYMENT_NOT_FOUND);
  return { ...view, qr_image: qrImage(checkout.codeUrl) };
}
