/**
 * WeChat Pay Native's payer page (/pay/wechat/<pay_no>): the QR of the user's own payment. The
 * code itself stays on the server; the answer carries it only drawn as an image.
 */
import type { WechatNativeQr } from '~/features/wallet/contract/money';
import { call, type RequestOptions } from '~/platform/client/client';
import { ORDER_ROUTES } from '~/features/orders/routes';

export type { WechatNativeQr, WechatNativeQrStatus } from '~/features/wallet/contract/money';

export function getWechatNativeQr(payNo: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<WechatNativeQr> {
  return call(ORDER_ROUTES.wechatQr, { pay_no: payNo }, options);
}
