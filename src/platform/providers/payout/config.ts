/**
 * The payout variables, as a zod SHAPE the one config schema (platform/config/config.ts) spreads
 * in, and the cross-field rules (payoutConfigProblems). The live Alipay payout reuses the payment's
 * app (ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY): transfers are one more product signed
 * on the same app. Its gateway can be set apart (tests point it at a local fake).
 */
import { z } from 'zod';
import { alipayConfigured, keyMaterial, type PaymentConfig } from '~/platform/providers/payment/config';

export const PAYOUT_CONFIG_SHAPE = {
  /** Who pays withdrawals out: `sandbox` (default; never in production) or `alipay` (the live transfer). */
  PAYOUT_PROVIDER: z.enum(['sandbox', 'alipay']).optional(),
  /** The gateway transfers go to; default ALIPAY_GATEWAY, else https://openapi.alipay.com/gateway.do. */
  PAYOUT_ALIPAY_GATEWAY: z.url().optional(),
  /**
   * Public-key certificate mode (Alipay requires it of most apps for fund transfers): the app's
   * public-key certificate, the Alipay public-key certificate and the Alipay root certificate, each
   * as PEM text or a file path. All three or none; with them the certificate's key verifies answers.
   */
  PAYOUT_ALIPAY_APP_CERT: z.string().min(1).optional(),
  PAYOUT_ALIPAY_PUBLIC_CERT: z.string().min(1).optional(),
  PAYOUT_ALIPAY_ROOT_CERT: z.string().min(1).optional(),
};

const PayoutConfigSchema = z.object(PAYOUT_CONFIG_SHAPE);
export type PayoutConfig = z.infer<typeof PayoutConfigSchema> & PaymentConfig;

const CERTS = ['PAYOUT_ALIPAY_APP_CERT', 'PAYOUT_ALIPAY_PUBLIC_CERT', 'PAYOUT_ALIPAY_ROOT_CERT'] as const;

/** The payout and payment variables of `env` (empty strings count as unset, as in loadConfig). */
export function readPayoutConfig(env: Record<string, string | undefined> = process.env): z.infer<typeof PayoutConfigSchema> {
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in PAYOUT_CONFIG_SHAPE && value !== undefined && value !== ''));
  return PayoutConfigSchema.parse(present);
}

export const payoutProviderOf = (config: Pick<PayoutConfig, 'PAYOUT_PROVIDER'>): 'sandbox' | 'alipay' => config.PAYOUT_PROVIDER ?? 'sandbox';

/** The three certificates as PEM text, or null in public-key mode. */
export function payoutCertificates(config: PayoutConfig): { appCert: string; alipayPublicCert: string; alipayRootCert: string } | null {
  if (!config.PAYOUT_ALIPAY_APP_CERT || !config.PAYOUT_ALIPAY_PUBLIC_CERT || !config.PAYOUT_ALIPAY_ROOT_CERT) return null;
  return { appCert: keyMaterial(config.PAYOUT_ALIPAY_APP_CERT), alipayPublicCert: keyMaterial(config.PAYOUT_ALIPAY_PUBLIC_CERT), alipayRootCert: keyMaterial(config.PAYOUT_ALIPAY_ROOT_CERT) };
}

/** Each thing wrong with the payout configuration as one line naming the variable; empty when usable. */
export function payoutConfigProblems(config: PayoutConfig): string[] {
  const problems: string[] = [];
  const alipay = payoutProviderOf(config) === 'alipay';
  if (alipay && !alipayConfigured(config)) problems.push('PAYOUT_PROVIDER=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY (the app that signs transfers)');
  const certs = CERTS.filter((name) => config[name] !== undefined);
  if (certs.length > 0 && certs.length < CERTS.length) problems.push(`${CERTS.filter((name) => config[name] === undefined).join(', ')} required when ${certs.join(', ')} set (certificate mode needs all three)`);
  if (!alipay) {
    const stray = [...CERTS, 'PAYOUT_ALIPAY_GATEWAY' as const].find((name) => config[name] !== undefined);
    if (stray) problems.push(`${stray} is set but PAYOUT_PROVIDER is not alipay`);
  }
  for (const name of certs) {
    try {
      if (!keyMaterial(config[name]!).includes('-----BEGIN CERTIFICATE')) problems.push(`${name} is not a PEM certificate (text or file path)`);
    } catch (error) {
      problems.push(`${name} is not readable: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
}

/** ['payout'] when withdrawals would be paid by the sandbox, so that production can name it when it refuses to start. */
export function payoutSandboxPorts(config: Pick<PayoutConfig, 'PAYOUT_PROVIDER'>): string[] {
  return payoutProviderOf(config) === 'sandbox' ? ['payout'] : [];
}
