/**
 * Aliyun Captcha 2.0: the browser runs Aliyun's widget (AliyunCaptcha.js) for the configured
 * scene and hands us its `captchaVerifyParam`; the server asks VerifyIntelligentCaptcha
 * (captcha 2023-03-05, RPC style, signature ACS3-HMAC-SHA256) through @alicloud/captcha20230305
 * whether Aliyun's risk engine passed it. Single use and expiry on our side are the caller's job
 * (the captchas table, features/sign-in/server/captcha.ts), as for ALTCHA.
 *
 * What comes back is reduced to a verdict by `aliyunVerdictOf` (pure, table-tested): passed
 * (VerifyResult true, T0xx), refused (VerifyResult false or a 4xx about the parameter: the person
 * or bot failed), misconfigured (our AccessKey, signature or scene is wrong: an operator's error,
 * logged loudly, still a refusal for the user) or unavailable (timeout, network, throttling, 5xx,
 * an answer we cannot read: Aliyun's outage). None of them is ever a 500.
 */
import * as captchaSdk from '@alicloud/captcha20230305';
import * as openApi from '@alicloud/openapi-core';

export const ALIYUN_CAPTCHA_API_VERSION = '2023-03-05';
/** How long one VerifyIntelligentCaptcha may take (connect, then answer) before Aliyun counts as down. */
export const ALIYUN_CAPTCHA_CONNECT_TIMEOUT_MS = 3_000;
export const ALIYUN_CAPTCHA_READ_TIMEOUT_MS = 5_000;

export interface AliyunCaptchaOptions {
  accessKeyId: string;
  accessKeySecret: string;
  sceneId: string;
  /** Host[:port] of the verification API, and its scheme (tests: a local fake over http). */
  endpoint: { protocol: 'http' | 'https'; host: string };
  connectTimeoutMs?: number;
  readTimeoutMs?: number;
}

export type AliyunVerdict =
  | { ok: true; verifyCode: string }
  | { ok: false; reason: 'refused' | 'misconfigured' | 'unavailable'; detail: string };

export interface AliyunCaptchaVerifier {
  verify(captchaVerifyParam: string): Promise<AliyunVerdict>;
}

/** What the SDK hands back, or throws, seen only through the fields the verdict needs. */
export type AliyunCallOutcome =
  | { kind: 'answer'; body: { success?: unknown; code?: unknown; result?: { verifyResult?: unknown; verifyCode?: unknown } | null } | null | undefined }
  | { kind: 'error'; error: unknown };

/**
 * Error codes that mean our side is set up wrong (AccessKey unknown or disabled, signature off,
 * no permission, unknown scene): every answer will fail until the operator fixes it.
 */
const MISCONFIGURED_CODE = /^(InvalidAccessKeyId|SignatureDoesNotMatch|IncompleteSignature|Forbidden|InvalidSceneId|NoPermission|AccessDenied|Unauthorized|InvalidTimeStamp|SignatureNonceUsed)/i;
/** Failure VerifyCodes that are a wrong scene, not a wrong person: the widget and the server disagree. */
const MISCONFIGURED_VERIFY_CODES = new Set(['F012']);
/** Error codes that mean Aliyun is busy or down, whatever the HTTP status says. */
const UNAVAILABLE_CODE = /^(Throttling|ServiceUnavailable|InternalError|UnknownError|RequestTimeout)/i;

function fieldOf(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** Reduces an SDK outcome to a verdict (pure). */
export function aliyunVerdictOf(outcome: AliyunCallOutcome): AliyunVerdict {
  if (outcome.kind === 'answer') {
    const body = outcome.body;
    const result = body?.result;
    const verifyCode = typeof result?.verifyCode === 'string' ? result.verifyCode : '';
    if (body?.success === true && result?.verifyResult === true) return { ok: true, verifyCode: verifyCode || 'T' };
    if (body?.success === true && result?.verifyResult === false) {
      const reason = MISCONFIGURED_VERIFY_CODES.has(verifyCode) ? 'misconfigured' : 'refused';
      return { ok: false, reason, detail: `VerifyResult false ${verifyCode || '(no VerifyCode)'}` };
    }
    // 200 without a readable result: nothing to trust, and nothing the person did wrong.
    return { ok: false, reason: 'unavailable', detail: `unreadable answer (Code ${String(body?.code ?? 'none')})` };
  }
  const { error } = outcome;
  const code = String(fieldOf(error, 'code') ?? '');
  const status = Number(fieldOf(error, 'statusCode') ?? NaN);
  const name = String(fieldOf(error, 'name') ?? '');
  const detail = `${name || 'error'} ${code || '(no code)'}${Number.isFinite(status) ? ` HTTP ${status}` : ''}`;
  if (MISCONFIGURED_CODE.test(code)) return { ok: false, reason: 'misconfigured', detail };
  if (UNAVAILABLE_CODE.test(code)) return { ok: false, reason: 'unavailable', detail };
  // A 4xx about the request itself (missing or malformed CaptchaVerifyParam): the answer is bad.
  if (Number.isFinite(status) && status >= 400 && status < 500) return { ok: false, reason: 'refused', detail };
  // Timeouts, refused connections, DNS, TLS and 5xx.
  return { ok: false, reason: 'unavailable', detail };
}

/**
 * The SDK is CommonJS with an `exports.default` class: Node's ESM import hands back the exports
 * object as the default, a bundler's interop may hand back the class itself; accept both.
 */
type ClientClass = typeof captchaSdk.default;
function sdkClient(): ClientClass {
  const outer = captchaSdk.default as ClientClass | { default: ClientClass };
  return typeof outer === 'function' ? outer : outer.default;
}
function sdkConfig(): typeof openApi.$OpenApiUtil.Config {
  const util = openApi.$OpenApiUtil ?? (openApi as unknown as { default: typeof openApi }).default.$OpenApiUtil;
  return util.Config;
}

export function createAliyunCaptchaVerifier(options: AliyunCaptchaOptions): AliyunCaptchaVerifier {
  const Client = sdkClient();
  const Config = sdkConfig();
  const Request = captchaSdk.VerifyIntelligentCaptchaRequest;
  const client = new Client(
    new Config({
      accessKeyId: options.accessKeyId,
      accessKeySecret: options.accessKeySecret,
      endpoint: options.endpoint.host,
      protocol: options.endpoint.protocol,
      connectTimeout: options.connectTimeoutMs ?? ALIYUN_CAPTCHA_CONNECT_TIMEOUT_MS,
      readTimeout: options.readTimeoutMs ?? ALIYUN_CAPTCHA_READ_TIMEOUT_MS,
    }),
  );
  return {
    async verify(captchaVerifyParam) {
      try {
        // Passed on as the widget made it: Aliyun refuses a parameter that was altered.
        const answer = await client.verifyIntelligentCaptcha(new Request({ captchaVerifyParam, sceneId: options.sceneId }));
        return aliyunVerdictOf({ kind: 'answer', body: answer.body });
      } catch (error) {
        return aliyunVerdictOf({ kind: 'error', error });
      }
    },
  };
}
