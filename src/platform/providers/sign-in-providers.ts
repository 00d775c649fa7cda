/**
 * The sign-in ports' registry: which adapter serves SMS, email, the slider captcha and WeChat/QQ
 * login, chosen once from configuration (sign-in-config.ts). Services reach an adapter only
 * through `signInProviders()`, never by importing it, so a deployment switches providers by
 * configuration alone and tests swap in adapters pointed at local fakes.
 */
import { appConfig } from '~/platform/config/config';
import type { ThirdPartyProvider } from '~/platform/db/schema';
import type { SliderCaptchaProvider } from '~/platform/providers/captcha/port';
import type { AltchaSettings } from '~/platform/providers/captcha/altcha';
import { createAliyunCaptchaVerifier, type AliyunCaptchaVerifier } from '~/platform/providers/captcha/aliyun';
import { sandboxCaptchaProvider } from '~/platform/providers/captcha/sandbox';
import type { ThirdPartyLoginAdapter } from '~/platform/providers/oauth-login/port';
import { createQqLoginAdapter } from '~/platform/providers/oauth-login/qq';
import { createSandboxLoginAdapter } from '~/platform/providers/oauth-login/sandbox';
import { createWechatLoginAdapter } from '~/platform/providers/oauth-login/wechat';
import {
  ALIYUN_CAPTCHA_DEFAULT_SCRIPT_URL,
  aliyunCaptchaEndpointOf,
  ALIYUN_SMS_DEFAULT_ENDPOINT,
  ALTCHA_DEFAULT_COST,
  ALTCHA_DEFAULT_MAX_COUNTER,
  captchaProviderOf,
  QQ_DEFAULT_BASE_URL,
  WECHAT_API_DEFAULT_BASE_URL,
  WECHAT_OPEN_DEFAULT_BASE_URL,
  signInProviderProblems,
  type SignInConfig,
} from '~/platform/providers/sign-in-config';
import { createAliyunSmsSender } from '~/platform/providers/sms/aliyun-sms';
import type { MessageSender } from '~/platform/providers/sms/port';
import { sandboxMessageSender } from '~/platform/providers/sms/sandbox-outbox';

export interface SignInProviders {
  /** Per channel; null: the channel is switched off (EMAIL_PROVIDER=disabled) and every send is refused. */
  messages: { sms: MessageSender; email: MessageSender | null };
  /** Draws the slider's puzzles (CAPTCHA_PROVIDER=sandbox). */
  captcha: SliderCaptchaProvider;
  /**
   * Set when CAPTCHA_PROVIDER=altcha: the proof-of-work captcha replaces the slider. hmacKey null:
   * the key generated into app_secrets.
   */
  altcha: (AltchaSettings & { hmacKey: string | null }) | null;
  /** Set when CAPTCHA_PROVIDER=aliyun: Aliyun Captcha 2.0 replaces the slider. */
  aliyun: AliyunCaptchaChoice | null;
  login: Readonly<Record<ThirdPartyProvider, ThirdPartyLoginAdapter>>;
}

/** What the browser's widget needs (scene, prefix, region, script) and who checks its answer. */
export interface AliyunCaptchaChoice {
  verifier: AliyunCaptchaVerifier;
  sceneId: string;
  prefix: string;
  /** The widget's region: 'cn' for the Shanghai endpoint, 'sgp' for Singapore. */
  region: 'cn' | 'sgp';
  scriptUrl: string;
}

export interface CreateSignInProvidersOptions {
  /** Injected into every HTTP adapter (tests); the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Picks the adapters for `config`; throws naming every problem of a half-configured adapter. */
export function createSignInProviders(config: Partial<SignInConfig> & { APP_ENV?: string }, options: CreateSignInProvidersOptions = {}): SignInProviders {
  const problems = signInProviderProblems(config);
  if (problems.length > 0) throw new Error(`Invalid sign-in provider configuration:\n  ${problems.join('\n  ')}`);
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  // After signInProviderProblems, a chosen real adapter has all its required variables.
  const sms =
    config.SMS_PROVIDER === 'aliyun'
      ? createAliyunSmsSender({
          accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID!,
          accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET!,
          signName: config.ALIYUN_SMS_SIGN_NAME!,
          templateCode: config.ALIYUN_SMS_TEMPLATE_CODE!,
          ...(config.ALIYUN_SMS_NOTICE_TEMPLATE_CODE ? { noticeTemplateCode: config.ALIYUN_SMS_NOTICE_TEMPLATE_CODE } : {}),
          endpoint: config.ALIYUN_SMS_ENDPOINT ?? ALIYUN_SMS_DEFAULT_ENDPOINT,
          ...fetchOption,
        })
      : sandboxMessageSender;
  const email = config.EMAIL_PROVIDER === 'disabled' ? null : sandboxMessageSender;
  const wechat =
    config.WECHAT_LOGIN_PROVIDER === 'wechat'
      ? createWechatLoginAdapter({
          appId: config.WECHAT_LOGIN_APP_ID!,
          appSecret: config.WECHAT_LOGIN_APP_SECRET!,
          openBaseUrl: config.WECHAT_LOGIN_OPEN_BASE_URL ?? WECHAT_OPEN_DEFAULT_BASE_URL,
          apiBaseUrl: config.WECHAT_LOGIN_API_BASE_URL ?? WECHAT_API_DEFAULT_BASE_URL,
          ...fetchOption,
        })
      : createSandboxLoginAdapter('wechat');
  const qq =
    config.QQ_LOGIN_PROVIDER === 'qq'
      ? createQqLoginAdapter({
          appId: config.QQ_LOGIN_APP_ID!,
          appKey: config.QQ_LOGIN_APP_KEY!,
          baseUrl: config.QQ_LOGIN_BASE_URL ?? QQ_DEFAULT_BASE_URL,
          ...fetchOption,
        })
      : createSandboxLoginAdapter('qq');
  const altcha =
    captchaProviderOf(config) === 'altcha'
      ? { hmacKey: config.ALTCHA_HMAC_KEY ?? null, cost: config.ALTCHA_COST ?? ALTCHA_DEFAULT_COST, maxCounter: config.ALTCHA_MAX_COUNTER ?? ALTCHA_DEFAULT_MAX_COUNTER }
      : null;
  return { messages: { sms, email }, captcha: sandboxCaptchaProvider, altcha, aliyun: aliyunCaptchaChoice(config), login: { wechat, qq } };
}

function aliyunCaptchaChoice(config: Partial<SignInConfig>): AliyunCaptchaChoice | null {
  if (config.CAPTCHA_PROVIDER !== 'aliyun') return null;
  // After signInProviderProblems: every required variable is set and the endpoint parses.
  const endpoint = aliyunCaptchaEndpointOf(config.ALIYUN_CAPTCHA_ENDPOINT)!;
  const verifier = createAliyunCaptchaVerifier({
    accessKeyId: config.ALIYUN_CAPTCHA_ACCESS_KEY_ID!,
    accessKeySecret: config.ALIYUN_CAPTCHA_ACCESS_KEY_SECRET!,
    sceneId: config.ALIYUN_CAPTCHA_SCENE_ID!,
    endpoint,
  });
  return {
    verifier,
    sceneId: config.ALIYUN_CAPTCHA_SCENE_ID!,
    prefix: config.ALIYUN_CAPTCHA_PREFIX!,
    // The widget's region must match the verification endpoint's, or every answer fails.
    region: endpoint.host.includes('ap-southeast-1') ? 'sgp' : 'cn',
    scriptUrl: config.ALIYUN_CAPTCHA_SCRIPT_URL ?? ALIYUN_CAPTCHA_DEFAULT_SCRIPT_URL,
  };
}

let current: SignInProviders | null = null;

/** The adapters in use, made on first use from the environment (the same values config.ts validated at boot). */
export function signInProviders(): SignInProviders {
  current ??= createSignInProviders(appConfig());
  return current;
}

/**
 * Replaces the adapters in use (tests point them at local fakes); null goes back to the
 * environment's on next use. Process-wide, like the configuration it stands for.
 */
export function setSignInProviders(providers: SignInProviders | null): void {
  current = providers;
}
