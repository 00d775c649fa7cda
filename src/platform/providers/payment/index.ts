/**
 * The payment gateways chosen at boot from configuration, one per channel: the live adapter where
 * its variables are set, the sandbox where not and the sandbox is allowed (never in production),
 * else none (the service answers 503 and the wallet remains). Boot calls
 * setPaymentGateways(createPaymentGateways(config)) once; until then the first use builds them
 * from the environment, so tests and scripts need no boot.
 */
import { appConfig } from '~/platform/config/config';
import { alipayGateway } from '~/platform/providers/payment/alipay';
import { alipayConfigured, paymentConfigProblems, privateKeyPem, publicKeyPem, wechatpayConfigured, type PaymentConfig } from '~/platform/providers/payment/config';
import type { GatewayChannel, PaymentGateway } from '~/platform/providers/payment/port';
import { sandboxGateway } from '~/platform/providers/payment/sandbox';
import { wechatpayGateway } from '~/platform/providers/payment/wechatpay';

export type { Checkout, CheckoutRequest, GatewayChannel, GatewayContext, IncomingNotify, NotifyAnswer, NotifyVerdict, PaymentGateway, RefundRequest, RefundResult, TradeQuery } from '~/platform/providers/payment/port';
export { checkoutUrlOf, GATEWAY_CHANNELS, NOTIFY_ANSWER_FAIL, NOTIFY_ANSWER_OK, plainNotifyAnswer } from '~/platform/providers/payment/port';
export { PAYMENT_CONFIG_SHAPE, paymentConfigProblems, readPaymentConfig, type PaymentConfig } from '~/platform/providers/payment/config';

export interface PaymentGateways {
  byChannel: Readonly<Record<GatewayChannel, PaymentGateway | null>>;
  /** Origin the notify and return URLs are built on; null: the request's own origin (never in production). */
  publicBaseUrl: string | null;
  /** Whether a request's origin may stand in for publicBaseUrl. */
  requestOriginAllowed: boolean;
}

export class PaymentConfigError extends Error {}

export function createPaymentGateways(config: PaymentConfig): PaymentGateways {
  const problems = paymentConfigProblems(config);
  if (problems.length > 0) throw new PaymentConfigError(`Invalid payment configuration:\n  ${problems.join('\n  ')}`);
  const production = config.APP_ENV === 'production';
  const sandboxAllowed = !production && config.PAYMENT_PROVIDER !== 'live';
  const forceSandbox = !production && config.PAYMENT_PROVIDER === 'sandbox';
  const alipay =
    !forceSandbox && alipayConfigured(config)
      ? alipayGateway({
          appId: config.ALIPAY_APP_ID!,
          privateKeyPem: privateKeyPem(config.ALIPAY_PRIVATE_KEY!),
          alipayPublicKeyPem: publicKeyPem(config.ALIPAY_PUBLIC_KEY!),
          ...(config.ALIPAY_SELLER_ID ? { sellerId: config.ALIPAY_SELLER_ID } : {}),
          ...(config.ALIPAY_GATEWAY ? { gateway: config.ALIPAY_GATEWAY } : {}),
        })
      : sandboxAllowed
        ? sandboxGateway('alipay')
        : null;
  const wechat =
    !forceSandbox && wechatpayConfigured(config)
      ? wechatpayGateway({
          mchId: config.WECHATPAY_MCH_ID!,
          appId: config.WECHATPAY_APP_ID!,
          serialNo: config.WECHATPAY_SERIAL_NO!,
          privateKeyPem: privateKeyPem(config.WECHATPAY_PRIVATE_KEY!),
          apiV3Key: config.WECHATPAY_API_V3_KEY!,
          platformPublicKeyPem: publicKeyPem(config.WECHATPAY_PLATFORM_PUBLIC_KEY!),
          platformSerial: config.WECHATPAY_PLATFORM_SERIAL!,
          ...(config.WECHATPAY_BASE_URL ? { baseUrl: config.WECHATPAY_BASE_URL } : {}),
        })
      : sandboxAllowed
        ? sandboxGateway('wechat')
        : null;
  return {
    byChannel: { alipay, wechat },
    publicBaseUrl: config.PUBLIC_BASE_URL ? config.PUBLIC_BASE_URL.replace(/\/+$/, '') : null,
    requestOriginAllowed: !production,
  };
}

let current: PaymentGateways | null = null;

/** Boot's choice (and tests' swap); null goes back to building from the environment on next use. */
export function setPaymentGateways(gateways: PaymentGateways | null): void {
  current = gateways;
}

export function paymentGateways(): PaymentGateways {
  current ??= createPaymentGateways(appConfig());
  return current;
}

/** The adapter serving `channel`, or null when the channel is not open. */
export function paymentGateway(channel: GatewayChannel): PaymentGateway | null {
  return paymentGateways().byChannel[channel];
}
