/**
 * The payment variables, as a zod SHAPE the one config schema (platform/config/config.ts) spreads in, and
 * the cross-field rules zod fields cannot say alone (paymentConfigProblems), which boot reports
 * beside the schema's own issues. Every variable is optional: with none set outside production
 * both channels use the sandbox gateway.
 *
 * Keys may be given as PEM text (a literal `\n` counts as a newline, as .env files write it), as
 * the path of a PEM file, or, for Alipay, as the bare base64 its key tool prints.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';

export const PAYMENT_CONFIG_SHAPE = {
  /** `sandbox` forces the sandbox on both channels; `live` never uses it; unset: live where configured. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'live']).optional(),
  /** Where the gateways reach us: notify and return URLs are built on it, never on a request's Host. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),

  ALIPAY_APP_ID: z.string().regex(/^\d{16}$/, 'ALIPAY_APP_ID is the 16-digit app id').optional(),
  /** The application private key (PKCS#1 or PKCS#8). */
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  /** The Alipay public key (public-key mode) notifies and answers are verified with. */
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  /** The merchant PID (2088...); when set, a notify's seller_id must equal it. */
  ALIPAY_SELLER_ID: z.string().regex(/^2088\d{12}$/, 'ALIPAY_SELLER_ID is the 2088... PID').optional(),
  /** Default https://openapi.alipay.com/gateway.do; the sandbox is https://openapi-sandbox.dl.alipaydev.com/gateway.do. */
  ALIPAY_GATEWAY: z.url().optional(),

  WECHATPAY_MCH_ID: z.string().regex(/^\d{8,12}$/, 'WECHATPAY_MCH_ID is the numeric merchant id').optional(),
  WECHATPAY_APP_ID: z.string().min(1).optional(),
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  WECHATPAY_SERIAL_NO: z.string().min(1).optional(),
  WECHATPAY_PRIVATE_KEY: z.string().min(1).optional(),
  /** The 32-byte APIv3 key that decrypts notify resources. */
  WECHATPAY_API_V3_KEY: z.string().optional(),
  /** The WeChat Pay public key (or platform certificate's key) that signs answers and notifies. */
  WECHATPAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  /** Its id (PUB_KEY_ID_... or the platform certificate serial): Wechatpay-Serial must equal it. */
  WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
  /** Default https://api.mch.weixin.qq.com. */
  WECHATPAY_BASE_URL: z.url().optional(),
};

const PaymentConfigSchema = z.object(PAYMENT_CONFIG_SHAPE);
export type PaymentConfig = z.infer<typeof PaymentConfigSchema> & { APP_ENV?: 'development' | 'test' | 'production' };

export const ALIPAY_REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;
export const WECHATPAY_REQUIRED = [
  'WECHATPAY_MCH_ID',
  'WECHATPAY_APP_ID',
  'WECHATPAY_SERIAL_NO',
  'WECHATPAY_PRIVATE_KEY',
  'WECHATPAY_API_V3_KEY',
  'WECHATPAY_PLATFORM_PUBLIC_KEY',
  'WECHATPAY_PLATFORM_SERIAL',
] as const;
const ALIPAY_OPTIONAL = ['ALIPAY_SELLER_ID', 'ALIPAY_GATEWAY'] as const;
const WECHATPAY_OPTIONAL = ['WECHATPAY_BASE_URL'] as const;

/** Parses only the payment variables (empty strings count as unset, as in loadConfig). */
export function readPaymentConfig(env: Record<string, string | undefined> = process.env): PaymentConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in PAYMENT_CONFIG_SHAPE && value !== undefined && value !== ''));
  return PaymentConfigSchema.parse(present);
}

/** PEM text, a PEM file's path, or bare base64 (Alipay's key tool) into the text itself. */
export function keyMaterial(value: string): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (text.includes('-----BEGIN')) return text;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(text) || existsSync(text)) return readFileSync(text, 'utf8').trim();
  return text;
}

/** A private key in any of the accepted forms as a PKCS#8 PEM (what both SDK and node:crypto take). */
export function privateKeyPem(value: string): string {
  const text = keyMaterial(value);
  const key = text.includes('-----BEGIN')
    ? createPrivateKey(text)
    : (() => {
        const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
        try {
          return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
        } catch {
          return createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
        }
      })();
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** A public key (SPKI PEM, a certificate, or bare base64 SPKI) as an SPKI PEM. */
export function publicKeyPem(value: string): string {
  const text = keyMaterial(value);
  const key = text.includes('-----BEGIN') ? createPublicKey(text) : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  return key.export({ type: 'spki', format: 'pem' }).toString();
}

const isSet = (config: PaymentConfig, name: keyof PaymentConfig): boolean => config[name] !== undefined && config[name] !== '';

export const alipayConfigured = (config: PaymentConfig): boolean => isSet(config, 'ALIPAY_APP_ID');
export const wechatpayConfigured = (config: PaymentConfig): boolean => isSet(config, 'WECHATPAY_MCH_ID');

function keyProblem(name: string, value: string | undefined, read: (value: string) => string): string[] {
  if (value === undefined) return [];
  try {
    read(value);
    return [];
  } catch (error) {
    return [`${name} is not a readable key (PEM text, a PEM file path or base64): ${error instanceof Error ? error.message : String(error)}`];
  }
}

/**
 * Each thing wrong with the payment configuration as one line naming the variable, empty when it
 * can be used: a live channel half-configured, keys that do not parse, `live` with no channel.
 */
export function paymentConfigProblems(config: PaymentConfig): string[] {
  const problems: string[] = [];
  const groups: [string, readonly (keyof PaymentConfig)[], readonly (keyof PaymentConfig)[]][] = [
    ['ALIPAY_APP_ID', ALIPAY_REQUIRED, ALIPAY_OPTIONAL],
    ['WECHATPAY_MCH_ID', WECHATPAY_REQUIRED, WECHATPAY_OPTIONAL],
  ];
  for (const [anchor, required, optional] of groups) {
    const anchorSet = isSet(config, anchor as keyof PaymentConfig);
    if (anchorSet) {
      for (const name of required) if (!isSet(config, name)) problems.push(`${name} is required when ${anchor} is set`);
    } else {
      const stray = [...required, ...optional].find((name) => name !== anchor && isSet(config, name));
      if (stray) problems.push(`${anchor} is required when ${stray} is set`);
    }
  }
  problems.push(...keyProblem('ALIPAY_PRIVATE_KEY', config.ALIPAY_PRIVATE_KEY, privateKeyPem));
  problems.push(...keyProblem('ALIPAY_PUBLIC_KEY', config.ALIPAY_PUBLIC_KEY, publicKeyPem));
  problems.push(...keyProblem('WECHATPAY_PRIVATE_KEY', config.WECHATPAY_PRIVATE_KEY, privateKeyPem));
  problems.push(...keyProblem('WECHATPAY_PLATFORM_PUBLIC_KEY', config.WECHATPAY_PLATFORM_PUBLIC_KEY, publicKeyPem));
  if (config.WECHATPAY_API_V3_KEY !== undefined && Buffer.byteLength(config.WECHATPAY_API_V3_KEY, 'utf8') !== 32) {
    problems.push('WECHATPAY_API_V3_KEY must be exactly 32 bytes (the APIv3 key set in the merchant platform)');
  }
  const live = alipayConfigured(config) || wechatpayConfigured(config);
  if (config.PAYMENT_PROVIDER === 'live' && !live) problems.push('PAYMENT_PROVIDER=live needs ALIPAY_APP_ID or WECHATPAY_MCH_ID (with their keys)');
  // Only a live channel builds notify URLs in production (the sandbox is never served there).
  if (config.APP_ENV === 'production' && live && config.PAYMENT_PROVIDER !== 'sandbox' && !isSet(config, 'PUBLIC_BASE_URL')) {
    problems.push('PUBLIC_BASE_URL is required in production when a live payment channel is configured (the gateways post notifies to it)');
  }
  if (config.APP_ENV === 'production' && config.PAYMENT_PROVIDER === 'sandbox') {
    problems.push('PAYMENT_PROVIDER=sandbox cannot take payments in production (the sandbox checkout pages are not served there)');
  }
  return problems;
}

/**
 * The channels that would be served by the sandbox (not configured live, or PAYMENT_PROVIDER=sandbox),
 * so that production can name them when it refuses to start.
 */
export function paymentSandboxChannels(config: PaymentConfig): ('alipay' | 'wechat')[] {
  if (config.PAYMENT_PROVIDER === 'sandbox') return ['alipay', 'wechat'];
  const channels: ('alipay' | 'wechat')[] = [];
  if (!alipayConfigured(config)) channels.push('alipay');
  if (!wechatpayConfigured(config)) channels.push('wechat');
  return channels;
}
