/**
 * Configuration of the sign-in ports (SMS/email codes, slider captcha, WeChat/QQ website login):
 * a zod SHAPE that config.ts merges into its schema, so every variable is validated once at boot,
 * and `signInProviderProblems`, which names what a half-configured adapter is missing (docs/
 * providers-sign-in.md). Every field is optional: nothing set means every port on its sandbox.
 */
import { z } from 'zod';

/** An absolute http(s) base URL without a trailing slash (tests point them at 127.0.0.1). */
const baseUrl = z
  .url()
  .regex(/^https?:\/\//, 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''));

/** Plain object of optional fields, for `z.object({ ...ConfigShape, ...SIGN_IN_CONFIG_SHAPE })`. */
export const SIGN_IN_CONFIG_SHAPE = {
  /** Where SMS codes go: the sandbox outbox (default) or Aliyun SMS. */
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).optional(),
  /** Where email codes go: the sandbox outbox (default) or nowhere ('disabled': refused for everyone). */
  EMAIL_PROVIDER: z.enum(['sandbox', 'disabled']).optional(),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
  /** A verification template whose only variable is ${code}. */
  ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
  /** Optional: a notice template with the variables ${time} and ${change}, for account-security SMS. */
  ALIYUN_SMS_NOTICE_TEMPLATE_CODE: z.string().min(1).optional(),
  /** Default https://dysmsapi.aliyuncs.com. */
  ALIYUN_SMS_ENDPOINT: baseUrl.optional(),
  /**
   * The captcha behind the -410 step and SMS sending: the sandbox slider (default outside
   * production), the self-hosted ALTCHA proof of work (default in production), or Aliyun Captcha
   * 2.0 (its widget loads from Aliyun's CDN; docs/decisions.md "Captcha: Aliyun Captcha 2.0").
   */
  CAPTCHA_PROVIDER: z.enum(['sandbox', 'altcha', 'aliyun']).optional(),
  /**
   * ALTCHA's HMAC key (at least 32 characters). Optional: unset, a key is generated once into
   * app_secrets and shared by every process (docs/decisions.md "Captcha: ALTCHA").
   */
  ALTCHA_HMAC_KEY: z.string().min(32, 'ALTCHA_HMAC_KEY must be at least 32 characters, e.g. from `openssl rand -hex 32`').optional(),
  /** PBKDF2 iterations per ALTCHA attempt (default 1000). */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** The most attempts an ALTCHA challenge may need (default 2000; tests set it low). */
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(10_000_000).optional(),
  /** A RAM user's AccessKey with AliyunYundunAFSFullAccess (VerifyIntelligentCaptcha). */
  ALIYUN_CAPTCHA_ACCESS_KEY_ID: z.string().min(1).optional(),
  ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: z.string().min(1).optional(),
  /** The scene of the Captcha 2.0 console the widget and the verification both name. */
  ALIYUN_CAPTCHA_SCENE_ID: z.string().min(1).optional(),
  /** The account's identity prefix from the Captcha 2.0 console; the widget needs it. */
  ALIYUN_CAPTCHA_PREFIX: z.string().min(1).optional(),
  /**
   * Where VerifyIntelligentCaptcha goes: a host (https) or an http(s) URL; default
   * captcha.cn-shanghai.aliyuncs.com (captcha.ap-southeast-1.aliyuncs.com outside the mainland).
   */
  ALIYUN_CAPTCHA_ENDPOINT: z.string().min(1).optional(),
  /** The widget's script; default Aliyun's AliyunCaptcha.js on o.alicdn.com (tests serve a fake). */
  ALIYUN_CAPTCHA_SCRIPT_URL: baseUrl.optional(),
  /** WeChat website login: the sandbox confirm page (default) or the open platform. */
  WECHAT_LOGIN_PROVIDER: z.enum(['sandbox', 'wechat']).optional(),
  WECHAT_LOGIN_APP_ID: z.string().min(1).optional(),
  WECHAT_LOGIN_APP_SECRET: z.string().min(1).optional(),
  /** Default https://open.weixin.qq.com (the qrconnect page). */
  WECHAT_LOGIN_OPEN_BASE_URL: baseUrl.optional(),
  /** Default https://api.weixin.qq.com (the code exchange). */
  WECHAT_LOGIN_API_BASE_URL: baseUrl.optional(),
  /** QQ Connect: the sandbox confirm page (default) or graph.qq.com. */
  QQ_LOGIN_PROVIDER: z.enum(['sandbox', 'qq']).optional(),
  QQ_LOGIN_APP_ID: z.string().min(1).optional(),
  QQ_LOGIN_APP_KEY: z.string().min(1).optional(),
  /** Default https://graph.qq.com (authorize page, token and me calls). */
  QQ_LOGIN_BASE_URL: baseUrl.optional(),
};

export const SignInConfigSchema = z.object(SIGN_IN_CONFIG_SHAPE);
export type SignInConfig = z.infer<typeof SignInConfigSchema>;

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
export const WECHAT_OPEN_DEFAULT_BASE_URL = 'https://open.weixin.qq.com';
export const WECHAT_API_DEFAULT_BASE_URL = 'https://api.weixin.qq.com';
export const QQ_DEFAULT_BASE_URL = 'https://graph.qq.com';
export const ALTCHA_DEFAULT_COST = 1_000;
export const ALTCHA_DEFAULT_MAX_COUNTER = 2_000;
export const ALIYUN_CAPTCHA_DEFAULT_ENDPOINT = 'captcha.cn-shanghai.aliyuncs.com';
export const ALIYUN_CAPTCHA_DEFAULT_SCRIPT_URL = 'https://o.alicdn.com/captcha-frontend/aliyunCaptcha/AliyunCaptcha.js';

export type CaptchaProviderName = NonNullable<SignInConfig['CAPTCHA_PROVIDER']>;

/** Which captcha runs: the configured one, else ALTCHA in production and the slider elsewhere. */
export function captchaProviderOf(config: Partial<SignInConfig> & { APP_ENV?: string }): CaptchaProviderName {
  return config.CAPTCHA_PROVIDER ?? (config.APP_ENV === 'production' ? 'altcha' : 'sandbox');
}

type Key = keyof SignInConfig;

interface RealAdapter {
  /** The variable that chooses the port's adapter, and the value that means this real one. */
  selector: Key;
  value: string;
  /** What the real adapter cannot run without. */
  required: readonly Key[];
  /** Settings that mean something only to this adapter (refused without it, like the required ones). */
  optional?: readonly Key[];
}

const REAL_ADAPTERS: readonly RealAdapter[] = [
  {
    selector: 'SMS_PROVIDER',
    value: 'aliyun',
    required: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'],
  },
  {
    selector: 'CAPTCHA_PROVIDER',
    value: 'aliyun',
    required: ['ALIYUN_CAPTCHA_ACCESS_KEY_ID', 'ALIYUN_CAPTCHA_ACCESS_KEY_SECRET', 'ALIYUN_CAPTCHA_SCENE_ID', 'ALIYUN_CAPTCHA_PREFIX'],
    optional: ['ALIYUN_CAPTCHA_ENDPOINT', 'ALIYUN_CAPTCHA_SCRIPT_URL'],
  },
  { selector: 'WECHAT_LOGIN_PROVIDER', value: 'wechat', required: ['WECHAT_LOGIN_APP_ID', 'WECHAT_LOGIN_APP_SECRET'] },
  { selector: 'QQ_LOGIN_PROVIDER', value: 'qq', required: ['QQ_LOGIN_APP_ID', 'QQ_LOGIN_APP_KEY'] },
];

/**
 * One line per problem, empty when the configuration is coherent: a real adapter chosen without
 * all its variables (each missing one named), or credentials given while the port stays on its
 * sandbox (a deployment that meant to go live and forgot the switch). config.ts refuses to boot
 * on any line.
 */
export function signInProviderProblems(config: Partial<SignInConfig> & { APP_ENV?: string }): string[] {
  const problems: string[] = [];
  if (captchaProviderOf(config) !== 'altcha') {
    const given = (['ALTCHA_HMAC_KEY', 'ALTCHA_COST', 'ALTCHA_MAX_COUNTER'] as const).filter((key) => config[key] !== undefined);
    if (given.length > 0) problems.push(`${given.join(', ')} set but CAPTCHA_PROVIDER is not altcha; set CAPTCHA_PROVIDER=altcha or remove them`);
  }
  for (const adapter of REAL_ADAPTERS) {
    const chosen = config[adapter.selector] === adapter.value;
    const given = [...adapter.required, ...(adapter.optional ?? [])].filter((key) => config[key] !== undefined);
    if (chosen) {
      for (const key of adapter.required) {
        if (config[key] === undefined) problems.push(`${key} is required when ${adapter.selector}=${adapter.value}`);
      }
    } else if (given.length > 0) {
      problems.push(`${given.join(', ')} set but ${adapter.selector} is not ${adapter.value}; set ${adapter.selector}=${adapter.value} or remove them`);
    }
  }
  if (config.CAPTCHA_PROVIDER === 'aliyun') problems.push(...aliyunCaptchaAddressProblems(config));
  return problems;
}

/** Scheme, host and port of ALIYUN_CAPTCHA_ENDPOINT (a bare host means https). Null: not a host or http(s) URL. */
export function aliyunCaptchaEndpointOf(value: string | undefined): { protocol: 'http' | 'https'; host: string } | null {
  const raw = value ?? ALIYUN_CAPTCHA_DEFAULT_ENDPOINT;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return null;
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;

/**
 * The endpoint must be a host or an http(s) URL; in production both it and the widget's script
 * must be https, except on this machine (a local fake): the AccessKey signs every verification,
 * and a script fetched over plain http would run in our pages with anything a network could add.
 */
function aliyunCaptchaAddressProblems(config: Partial<SignInConfig> & { APP_ENV?: string }): string[] {
  const problems: string[] = [];
  const endpoint = aliyunCaptchaEndpointOf(config.ALIYUN_CAPTCHA_ENDPOINT);
  if (!endpoint) problems.push(`ALIYUN_CAPTCHA_ENDPOINT must be a host such as ${ALIYUN_CAPTCHA_DEFAULT_ENDPOINT} or an http(s):// URL without a path`);
  if (config.APP_ENV !== 'production') return problems;
  if (endpoint?.protocol === 'http' && !LOOPBACK_HOST.test(endpoint.host)) problems.push('ALIYUN_CAPTCHA_ENDPOINT must be https when APP_ENV=production');
  const script = new URL(config.ALIYUN_CAPTCHA_SCRIPT_URL ?? ALIYUN_CAPTCHA_DEFAULT_SCRIPT_URL);
  if (script.protocol !== 'https:' && !LOOPBACK_HOST.test(script.host)) problems.push('ALIYUN_CAPTCHA_SCRIPT_URL must be https when APP_ENV=production');
  return problems;
}

/**
 * The ports still on a sandbox, by name (sms, email, captcha, wechat-login, qq-login), so that
 * config.ts can tell production which ones ALLOW_SANDBOX would be allowing.
 */
export function signInSandboxPorts(config: Partial<SignInConfig> & { APP_ENV?: string }): string[] {
  const ports: string[] = [];
  if (config.SMS_PROVIDER !== 'aliyun') ports.push('sms');
  if ((config.EMAIL_PROVIDER ?? 'sandbox') === 'sandbox') ports.push('email');
  if (captchaProviderOf(config) === 'sandbox') ports.push('captcha');
  if (config.WECHAT_LOGIN_PROVIDER !== 'wechat') ports.push('wechat-login');
  if (config.QQ_LOGIN_PROVIDER !== 'qq') ports.push('qq-login');
  return ports;
}

/**
 * The sign-in variables from `env` (empty strings count as unset, as in config.ts). The registry
 * reads them itself so that it works whether or not config.ts has merged the shape yet; the same
 * schema validates them in both places.
 */
export function readSignInConfig(env: Record<string, string | undefined> = process.env): SignInConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in SIGN_IN_CONFIG_SHAPE && value !== undefined && value !== ''));
  return SignInConfigSchema.parse(present);
}
