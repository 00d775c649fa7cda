/**
 * Alipay single transfer through its official SDK (alipay-sdk 4, RSA2; public-key mode, or
 * public-key certificate mode when the three certificates are given, as Alipay requires of most
 * apps for fund transfers):
 *   transfer  alipay.fund.trans.uni.transfer, product TRANS_ACCOUNT_NO_PWD, scene DIRECT_TRANSFER,
 *             payee by Alipay logon id and real name, out_biz_no our idempotent request id;
 *   query     alipay.fund.trans.common.query by out_biz_no.
 * Every answer is verified with the Alipay public key (validateSign); an answer that does not
 * verify, a timeout or a network error is `unknown`, never `failed`: only Alipay saying so for
 * certain sends the money back (rules/alipay-payout.ts maps the answers).
 */
import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import { fenToYuan } from '~/platform/rules/money';
import { alipayQueryOutcome, alipayTransferOutcome } from '~/platform/rules/alipay-payout';
import type { PayoutLookup, PayoutOutcome, PayoutProvider, PayoutRequest } from '~/platform/providers/payout/port';

export interface AlipayPayoutOptions {
  appId: string;
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  /** SPKI PEM of the Alipay public key (public-key mode). */
  alipayPublicKeyPem: string;
  /** Certificate mode: the app's public-key certificate, Alipay's and Alipay's root certificate (PEM text). */
  certificates?: { appCert: string; alipayPublicCert: string; alipayRootCert: string };
  gateway?: string;
  /** How long one call may take before its outcome counts as unknown. */
  timeoutMs?: number;
}

export const ALIPAY_PAYOUT_PROVIDER = 'alipay';
export const ALIPAY_PAYOUT_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const PRODUCT_CODE = 'TRANS_ACCOUNT_NO_PWD';
const BIZ_SCENE = 'DIRECT_TRANSFER';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function alipayPayout(options: AlipayPayoutOptions): PayoutProvider {
  const config: AlipaySdkConfig = {
    appId: options.appId,
    privateKey: options.privateKeyPem,
    keyType: 'PKCS8',
    gateway: options.gateway ?? ALIPAY_PAYOUT_DEFAULT_GATEWAY,
    timeout: options.timeoutMs ?? 10_000,
    // Keep Alipay's own snake_case field names in answers (rules/alipay-payout.ts reads them).
    camelcase: false,
    ...(options.certificates
      ? {
          appCertContent: options.certificates.appCert,
          alipayPublicCertContent: options.certificates.alipayPublicCert,
          alipayRootCertContent: options.certificates.alipayRootCert,
        }
      : { alipayPublicKey: options.alipayPublicKeyPem }),
  };
  const sdk = new AlipaySdk(config);

  return {
    provider: ALIPAY_PAYOUT_PROVIDER,
    async transfer(request: PayoutRequest): Promise<PayoutOutcome> {
      try {
        const answer = await sdk.exec(
          'alipay.fund.trans.uni.transfer',
          {
            bizContent: {
              out_biz_no: request.outBizNo,
              trans_amount: fenToYuan(request.amountFen),
              product_code: PRODUCT_CODE,
              biz_scene: BIZ_SCENE,
              order_title: request.title.slice(0, 128),
              payee_info: { identity: request.account, identity_type: 'ALIPAY_LOGON_ID', name: request.realName },
            },
          },
          { validateSign: true },
        );
        // An answer about another transfer says nothing about ours.
        if (answer['out_biz_no'] !== undefined && answer['out_biz_no'] !== request.outBizNo) return { kind: 'unknown', detail: `answer for out_biz_no ${String(answer['out_biz_no'])}` };
        return alipayTransferOutcome(answer);
      } catch (error) {
        // Timeout, network, HTTP status, an answer that did not verify: it may have been paid.
        return { kind: 'unknown', detail: message(error) };
      }
    },
    async query(outBizNo: string): Promise<PayoutLookup> {
      try {
        const answer = await sdk.exec(
          'alipay.fund.trans.common.query',
          { bizContent: { out_biz_no: outBizNo, product_code: PRODUCT_CODE, biz_scene: BIZ_SCENE } },
          { validateSign: true },
        );
        if (answer['out_biz_no'] !== undefined && answer['out_biz_no'] !== outBizNo) return { kind: 'unknown', detail: `answer for out_biz_no ${String(answer['out_biz_no'])}` };
        return alipayQueryOutcome(answer);
      } catch (error) {
        return { kind: 'unknown', detail: message(error) };
      }
    },
  };
}
