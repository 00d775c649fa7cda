/**
 * WeChat Pay Native's payer page (/pay/wechat/<pay_no>): the QR of the user's own payment. The
 * code itself stays on the server; the answer carries it only drawn as an image.
 */
import type { WechatNativeQr } from '~/features/wallet/contract/money';
import { apiGet, type RequestOptions } from '~/platform/client/client';

export type { WechatNativeQr, WechatNativeQrStatus } from '~/features/wallet/contract/money';

export function getWechatNativeQr(payNo: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<WechatNativeQr> {
  return apiGet('/pay/wechat/qr', { pay_no: payNo }, options);
}
