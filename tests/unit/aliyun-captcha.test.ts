/**
 * Aliyun Captcha 2.0's pure parts: how an SDK answer or error becomes a verdict, what the
 * configuration refuses at start, and which outside hosts the pages' CSP gains (only with
 * CAPTCHA_PROVIDER=aliyun).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, PRODUCTION_TEST_ENV } from '~/platform/config/config';
import { aliyunVerdictOf, type AliyunCallOutcome } from '~/platform/providers/captcha/aliyun';
import { captchaPageSources } from '~/platform/providers/captcha/page-sources';
import { aliyunCaptchaEndpointOf, signInSandboxPorts } from '~/platform/providers/sign-in-config';
import { createSignInProviders } from '~/platform/providers/sign-in-providers';

const answer = (success: unknown, verifyResult: unknown, verifyCode?: string): AliyunCallOutcome => ({
  kind: 'answer',
  body: { success, code: success === true ? 'Success' : 'Fail', result: verifyResult === undefined ? null : { verifyResult, verifyCode } },
});
/** What the SDK throws: a ClientError with code and statusCode, or a plain Error from the socket. */
const sdkError = (code: string | undefined, statusCode?: number, name = 'ClientError'): AliyunCallOutcome => ({ kind: 'error', error: Object.assign(new Error(code ?? name), { name, code, statusCode }) });

describe('aliyunVerdictOf', () => {
  const cases: [string, AliyunCallOutcome, { ok: boolean; reason?: string }][] = [
    ['T001 passes', answer(true, true, 'T001'), { ok: true }],
    ['T005 (test mode) passes', answer(true, true, 'T005'), { ok: true }],
    ['F001 is refused', answer(true, false, 'F001'), { ok: false, reason: 'refused' }],
    ['F008 (submitted twice) is refused', answer(true, false, 'F008'), { ok: false, reason: 'refused' }],
    ['F012 (another scene) is our misconfiguration', answer(true, false, 'F012'), { ok: false, reason: 'misconfigured' }],
    ['Success false without a result is not a pass', answer(false, undefined), { ok: false, reason: 'unavailable' }],
    ['VerifyResult as the string "true" is not a pass', answer(true, 'true', 'T001'), { ok: false, reason: 'unavailable' }],
    ['an empty body is not a pass', { kind: 'answer', body: null }, { ok: false, reason: 'unavailable' }],
    ['InvalidAccessKeyId.NotFound', sdkError('InvalidAccessKeyId.NotFound', 404), { ok: false, reason: 'misconfigured' }],
    ['SignatureDoesNotMatch', sdkError('SignatureDoesNotMatch', 400), { ok: false, reason: 'misconfigured' }],
    ['Forbidden.RAM', sdkError('Forbidden.RAM', 403), { ok: false, reason: 'misconfigured' }],
    ['Throttling.User is an outage, though 400', sdkError('Throttling.User', 400), { ok: false, reason: 'unavailable' }],
    ['ServiceUnavailable 503', sdkError('ServiceUnavailable', 503), { ok: false, reason: 'unavailable' }],
    ['InternalError 500', sdkError('InternalError', 500), { ok: false, reason: 'unavailable' }],
    ['MissingCaptchaVerifyParam 400 is a bad answer', sdkError('MissingCaptchaVerifyParam', 400), { ok: false, reason: 'refused' }],
    ['a timeout', sdkError(undefined, undefined, 'RequestTimeoutError'), { ok: false, reason: 'unavailable' }],
    ['a refused connection', sdkError('ECONNREFUSED', undefined, 'Error'), { ok: false, reason: 'unavailable' }],
    ['a thrown string', { kind: 'error', error: 'boom' }, { ok: false, reason: 'unavailable' }],
  ];
  it.each(cases)('%s', (_name, outcome, expected) => {
    const verdict = aliyunVerdictOf(outcome);
    expect(verdict.ok).toBe(expected.ok);
    if (!verdict.ok) expect(verdict.reason).toBe(expected.reason);
  });
});

const ALIYUN = {
  CAPTCHA_PROVIDER: 'aliyun',
  ALIYUN_CAPTCHA_ACCESS_KEY_ID: 'LTAI5tId',
  ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_CAPTCHA_SCENE_ID: 'scene1',
  ALIYUN_CAPTCHA_PREFIX: 'prefix1',
};

describe('Aliyun captcha configuration', () => {
  it('a production start with CAPTCHA_PROVIDER=aliyun and no keys stops, naming every missing variable', () => {
    let message = '';
    try {
      loadConfig({ ...PRODUCTION_TEST_ENV, CAPTCHA_PROVIDER: 'aliyun' });
    } catch (error) {
      message = String(error);
    }
    for (const name of ['ALIYUN_CAPTCHA_ACCESS_KEY_ID', 'ALIYUN_CAPTCHA_ACCESS_KEY_SECRET', 'ALIYUN_CAPTCHA_SCENE_ID', 'ALIYUN_CAPTCHA_PREFIX']) {
      expect(message).toContain(`${name} is required when CAPTCHA_PROVIDER=aliyun`);
    }
  });

  it('runs with the four variables, is no sandbox, and defaults to Shanghai and o.alicdn.com', () => {
    const config = loadConfig({ ...PRODUCTION_TEST_ENV, ...ALIYUN });
    expect(signInSandboxPorts(config)).not.toContain('captcha');
    const providers = createSignInProviders(config);
    expect(providers.altcha).toBeNull();
    expect(providers.aliyun).toMatchObject({ sceneId: 'scene1', prefix: 'prefix1', region: 'cn', scriptUrl: 'https://o.alicdn.com/captcha-frontend/aliyunCaptcha/AliyunCaptcha.js' });
    expect(createSignInProviders({ ...ALIYUN, ALIYUN_CAPTCHA_ENDPOINT: 'captcha.ap-southeast-1.aliyuncs.com' } as never).aliyun?.region).toBe('sgp');
  });

  it('refuses Aliyun settings without Aliyun, a malformed endpoint, and plain http to another host in production', () => {
    expect(() => loadConfig({ ALIYUN_CAPTCHA_SCENE_ID: 'scene1' })).toThrow(/ALIYUN_CAPTCHA_SCENE_ID set but CAPTCHA_PROVIDER is not aliyun/);
    expect(() => loadConfig({ ...ALIYUN, ALIYUN_CAPTCHA_ENDPOINT: 'ftp://captcha.example' })).toThrow(/ALIYUN_CAPTCHA_ENDPOINT must be a host/);
    expect(() => loadConfig({ ...ALIYUN, ALIYUN_CAPTCHA_ENDPOINT: 'https://captcha.example/path' })).toThrow(/ALIYUN_CAPTCHA_ENDPOINT must be a host/);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ...ALIYUN, ALIYUN_CAPTCHA_ENDPOINT: 'http://captcha.cn-shanghai.aliyuncs.com' })).toThrow(/ALIYUN_CAPTCHA_ENDPOINT must be https/);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ...ALIYUN, ALIYUN_CAPTCHA_SCRIPT_URL: 'http://cdn.example/AliyunCaptcha.js' })).toThrow(/ALIYUN_CAPTCHA_SCRIPT_URL must be https/);
    // A local fake on this machine is allowed, so a production start can be tested.
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, ...ALIYUN, ALIYUN_CAPTCHA_ENDPOINT: 'http://127.0.0.1:8080', ALIYUN_CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:8080/AliyunCaptcha.js' }).CAPTCHA_PROVIDER).toBe('aliyun');
  });

  it.each([
    [undefined, { protocol: 'https', host: 'captcha.cn-shanghai.aliyuncs.com' }],
    ['captcha-dualstack.cn-shanghai.aliyuncs.com', { protocol: 'https', host: 'captcha-dualstack.cn-shanghai.aliyuncs.com' }],
    ['http://127.0.0.1:9000', { protocol: 'http', host: '127.0.0.1:9000' }],
    ['https://captcha.ap-southeast-1.aliyuncs.com/', { protocol: 'https', host: 'captcha.ap-southeast-1.aliyuncs.com' }],
    ['https://user:pw@captcha.example', null],
    ['https://captcha.example/?a=1', null],
  ])('endpoint %s', (value, expected) => {
    expect(aliyunCaptchaEndpointOf(value)).toEqual(expected);
  });
});

describe('captcha page sources (CSP)', () => {
  it('the slider and ALTCHA add no outside host', () => {
    for (const config of [{}, { CAPTCHA_PROVIDER: 'altcha' as const }, { APP_ENV: 'production' }]) {
      expect(captchaPageSources(config)).toEqual({ script: [], style: [], connect: [], img: [] });
    }
  });

  it('Aliyun adds its script origin to script-src, and its hosts to connect, img and style only', () => {
    const sources = captchaPageSources({ ...ALIYUN, CAPTCHA_PROVIDER: 'aliyun' });
    expect(sources.script).toEqual(['https://o.alicdn.com']);
    expect(sources.connect).toEqual(['https://o.alicdn.com', 'https://*.aliyuncs.com', 'https://*.alicdn.com']);
    expect(sources.img).toEqual(sources.connect);
    expect(sources.style).toEqual(sources.connect);
    expect(captchaPageSources({ ...ALIYUN, CAPTCHA_PROVIDER: 'aliyun', ALIYUN_CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9000/AliyunCaptcha.js' }).script).toEqual(['http://127.0.0.1:9000']);
  });
});
