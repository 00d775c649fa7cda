/**
 * Aliyun Captcha 2.0 (CAPTCHA_PROVIDER=aliyun) through the spec's two captcha calls, against a
 * local fake of VerifyIntelligentCaptcha (fake-aliyun-captcha.ts) reached by the real SDK over
 * http: POST common/captcha answers { kind: 'aliyun', captcha_id, scene_id, prefix, region,
 * script_url }; POST common/captcha/verify { captcha_id, aliyun, web_action } passes the widget's
 * captchaVerifyParam to Aliyun and yields the verify_key that lets a password login past -410.
 * A failed, replayed or misdirected parameter is refused; Aliyun down, hanging or unreachable is a
 * 503 with a Chinese message, never a 500. On an in-memory PGlite and, when DATABASE_URL_TEST is
 * set, a fresh PostgreSQL database.
 */
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '~/platform/db/client';
import { captchas } from '~/platform/db/schema';
import { log } from '~/platform/config/log';
import type { AliyunCaptcha } from '~/features/sign-in/contract';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { createAliyunCaptchaVerifier } from '~/platform/providers/captcha/aliyun';
import { createSignInProviders, setSignInProviders, type SignInProviders } from '~/platform/providers/sign-in-providers';
import { aliyunCaptchaEndpointOf, readSignInConfig } from '~/platform/providers/sign-in-config';
import { POST as captchaRoute } from '~/pages/api/v1/common/captcha';
import { POST as captchaVerifyRoute } from '~/pages/api/v1/common/captcha/verify';
import { TEST_DRIVERS } from './drivers';
import { callRoute, type CallOptions, type CallResult } from './endpoint-call';
import { signedPasswordLogin } from './sign-in-helpers';
import { FAKE_ALIYUN_ACCESS_KEY_ID, FAKE_ALIYUN_ACCESS_KEY_SECRET, FAKE_ALIYUN_PREFIX, FAKE_ALIYUN_SCENE_ID, startFakeAliyunCaptcha, type FakeAliyunCaptcha } from './fake-aliyun-captcha';
import { useSuiteDatabase } from './route-context';

const REFUSED = { code: 1, msg: '人机验证未通过，请重试', data: null };
const UNAVAILABLE = { code: 1, msg: '人机验证服务暂时不可用，请稍后重试', data: null };
const CAPTCHA_REQUIRED = { code: -410, msg: '密码错误超过3次，请验证', data: null };

let ipCounter = 0;
const freshIp = (): string => `198.51.${Math.floor(ipCounter / 250) + 1}.${(ipCounter++ % 250) + 1}`;
const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, ip: options.ip ?? freshIp() });

function aliyunEnv(fake: FakeAliyunCaptcha, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    CAPTCHA_PROVIDER: 'aliyun',
    ALIYUN_CAPTCHA_ACCESS_KEY_ID: FAKE_ALIYUN_ACCESS_KEY_ID,
    ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: FAKE_ALIYUN_ACCESS_KEY_SECRET,
    ALIYUN_CAPTCHA_SCENE_ID: FAKE_ALIYUN_SCENE_ID,
    ALIYUN_CAPTCHA_PREFIX: FAKE_ALIYUN_PREFIX,
    ALIYUN_CAPTCHA_ENDPOINT: fake.url,
    ALIYUN_CAPTCHA_SCRIPT_URL: fake.scriptUrl,
    ...overrides,
  };
}

/** The registry for `env`, with short timeouts so that a hanging Aliyun is seen quickly. */
function providersFor(env: Record<string, string>): SignInProviders {
  const config = readSignInConfig(env);
  const providers = createSignInProviders(config);
  const verifier = createAliyunCaptchaVerifier({
    accessKeyId: config.ALIYUN_CAPTCHA_ACCESS_KEY_ID!,
    accessKeySecret: config.ALIYUN_CAPTCHA_ACCESS_KEY_SECRET!,
    sceneId: config.ALIYUN_CAPTCHA_SCENE_ID!,
    endpoint: aliyunCaptchaEndpointOf(config.ALIYUN_CAPTCHA_ENDPOINT)!,
    connectTimeoutMs: 500,
    readTimeoutMs: 500,
  });
  return { ...providers, aliyun: { ...providers.aliyun!, verifier } };
}

async function newCaptcha(): Promise<AliyunCaptcha> {
  const result = await call<AliyunCaptcha>(captchaRoute, '/api/v1/common/captcha', { method: 'POST' });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.data.kind).toBe('aliyun');
  return result.body.data;
}

function verify(captchaId: string, aliyun: string, webAction = 'login'): Promise<CallResult<{ verify_key: string }>> {
  return call<{ verify_key: string }>(captchaVerifyRoute, '/api/v1/common/captcha/verify', { method: 'POST', body: { captcha_id: captchaId, aliyun, web_action: webAction } });
}

function login(username: string, password: string, verifyKey?: string): Promise<CallResult<SignInAnswer>> {
  return signedPasswordLogin(call, { username, password, fingerprint: 'fp-aliyun', ...(verifyKey !== undefined ? { verifyKey } : {}) });
}

describe.each(TEST_DRIVERS)('Aliyun Captcha 2.0 on $label', ({ driver, skip }) => {
  let db: Db;
  let fake: FakeAliyunCaptcha;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });
  beforeAll(async () => {
    fake = await startFakeAliyunCaptcha();
  });
  afterAll(async () => {
    setSignInProviders(null);
    await fake?.close();
  });
  beforeEach(() => {
    fake.mode = 'normal';
    setSignInProviders(providersFor(aliyunEnv(fake)));
  });
  afterEach(() => vi.restoreAllMocks());

  it.skipIf(skip)('answers what the widget needs, and keeps a row of kind aliyun', async () => {
    const captcha = await newCaptcha();
    expect(captcha).toEqual({
      kind: 'aliyun',
      captcha_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      scene_id: FAKE_ALIYUN_SCENE_ID,
      prefix: FAKE_ALIYUN_PREFIX,
      region: 'cn',
      script_url: fake.scriptUrl,
    });
    const [row] = await db.select().from(captchas).where(eq(captchas.id, captcha.captcha_id));
    expect(row).toMatchObject({ kind: 'aliyun', usedAt: null, answerHash: null });
  });

  it.skipIf(skip)('a passed parameter buys a verify_key that takes a login past -410; Aliyun got it signed, as is, for our scene', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await login('renter02', 'wrong_pass01');
    expect((await login('renter02', 'renter_pass02')).body).toEqual(CAPTCHA_REQUIRED);
    const captcha = await newCaptcha();
    const param = fake.issue('pass');
    const before = fake.requests.length;
    const verified = await verify(captcha.captcha_id, param);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(fake.requests.slice(before)).toEqual([
      { action: 'VerifyIntelligentCaptcha', accessKeyId: FAKE_ALIYUN_ACCESS_KEY_ID, params: { CaptchaVerifyParam: param, SceneId: FAKE_ALIYUN_SCENE_ID } },
    ]);
    const signedIn = await login('renter02', 'renter_pass02', verified.body.data.verify_key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token.token).toEqual(expect.any(String));
  });

  it.skipIf(skip)('a parameter Aliyun fails (F001), a malformed one (F003) and one of another scene (F012) are refused, and use the captcha up', async () => {
    const error = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    for (const param of [fake.issue('fail'), '{"certifyId":"made-up"}', fake.issue('pass', 'another-scene')]) {
      const captcha = await newCaptcha();
      const refused = await verify(captcha.captcha_id, param);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(REFUSED);
      const [row] = await db.select().from(captchas).where(eq(captchas.id, captcha.captcha_id));
      expect(row?.usedAt).not.toBeNull();
      // The captcha takes one answer: even a good parameter no longer buys it.
      expect((await verify(captcha.captcha_id, fake.issue('pass'))).body).toEqual(REFUSED);
    }
    // Another scene is the operator's mistake, not the person's: logged where it is seen.
    expect(error).toHaveBeenCalledWith(expect.stringContaining('misconfigured'), expect.objectContaining({ detail: expect.stringContaining('F012') }));
  });

  it.skipIf(skip)('a passed parameter is used once: replayed on its captcha or on a new one, it is refused without asking Aliyun again', async () => {
    const param = fake.issue('pass');
    const first = await newCaptcha();
    expect((await verify(first.captcha_id, param)).status).toBe(200);
    const asked = fake.requests.length;
    expect((await verify(first.captcha_id, param, 'sendSms')).body).toEqual(REFUSED);
    const second = await newCaptcha();
    const replay = await verify(second.captcha_id, param);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(REFUSED);
    expect(fake.requests.length).toBe(asked);
    // The refused replay did not spend the second captcha: an honest parameter still buys it.
    expect((await verify(second.captcha_id, fake.issue('pass'))).status).toBe(200);
  });

  it.skipIf(skip)('the same parameter posted for two captchas at once buys one verify_key', async () => {
    const param = fake.issue('pass');
    const [a, b] = [await newCaptcha(), await newCaptcha()];
    const answers = await Promise.all([verify(a.captcha_id, param), verify(b.captcha_id, param)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it.skipIf(skip)('Aliyun down (503), hanging or unreachable: 503 人机验证服务暂时不可用 with Retry-After, never a 500', async () => {
    const error = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    for (const mode of ['down', 'hang'] as const) {
      fake.mode = mode;
      const captcha = await newCaptcha();
      const started = Date.now();
      const answer = await verify(captcha.captcha_id, fake.issue('pass'));
      expect(answer.status, mode).toBe(503);
      expect(answer.body).toEqual(UNAVAILABLE);
      expect(answer.headers.get('retry-after')).toBe('10');
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    fake.mode = 'normal';
    // Nobody listening on the endpoint.
    setSignInProviders(providersFor(aliyunEnv(fake, { ALIYUN_CAPTCHA_ENDPOINT: 'http://127.0.0.1:9' })));
    const captcha = await newCaptcha();
    const unreachable = await verify(captcha.captcha_id, fake.issue('pass'));
    expect(unreachable.status).toBe(503);
    expect(unreachable.body).toEqual(UNAVAILABLE);
    expect(error).toHaveBeenCalledWith('aliyun captcha unavailable', expect.anything());
  });

  it.skipIf(skip)('a wrong AccessKey secret or id is refused by the fake, and the refusal names the configuration in the log', async () => {
    const error = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    const wrongKeys: Record<string, string>[] = [{ ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: 'not-the-secret' }, { ALIYUN_CAPTCHA_ACCESS_KEY_ID: 'LTAI5tUnknown' }];
    for (const overrides of wrongKeys) {
      setSignInProviders(providersFor(aliyunEnv(fake, overrides)));
      const captcha = await newCaptcha();
      const refused = await verify(captcha.captcha_id, fake.issue('pass'));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(REFUSED);
    }
    const details = error.mock.calls.map(([, fields]) => String((fields as { detail?: unknown }).detail));
    expect(details).toEqual([expect.stringContaining('SignatureDoesNotMatch'), expect.stringContaining('InvalidAccessKeyId.NotFound')]);
  });

  it.skipIf(skip)('answers of the other kinds cannot use an Aliyun row, nor an Aliyun answer another kind of row', async () => {
    const captcha = await newCaptcha();
    const slider = await call(captchaVerifyRoute, '/api/v1/common/captcha/verify', { method: 'POST', body: { captcha_id: captcha.captcha_id, x: 0, web_action: 'login' } });
    expect(slider.status).toBe(400);
    const altcha = await call(captchaVerifyRoute, '/api/v1/common/captcha/verify', { method: 'POST', body: { captcha_id: captcha.captcha_id, altcha: 'e30=', web_action: 'login' } });
    expect(altcha.status).toBe(400);
    const both = await call(captchaVerifyRoute, '/api/v1/common/captcha/verify', { method: 'POST', body: { captcha_id: captcha.captcha_id, x: 1, aliyun: 'p', web_action: 'login' } });
    expect(both.status).toBe(400);
    // Still unused: the honest answer works.
    expect((await verify(captcha.captcha_id, fake.issue('pass'))).status).toBe(200);

    // A site on the slider refuses an Aliyun answer, even for a slider row.
    setSignInProviders(createSignInProviders({}));
    const puzzle = (await call<{ captcha_id: string }>(captchaRoute, '/api/v1/common/captcha', { method: 'POST' })).body.data;
    expect((await verify(puzzle.captcha_id, fake.issue('pass'))).body).toEqual(REFUSED);
  });
});
