/**
 * The ALTCHA proof-of-work captcha (CAPTCHA_PROVIDER=altcha, production's default) through the
 * spec's two captcha calls: POST common/captcha answers { kind: 'altcha', captcha_id, challenge },
 * altcha-lib's solver (what the widget runs in the browser) solves it, and POST
 * common/captcha/verify { captcha_id, altcha, web_action } yields the verify_key that lets a
 * password login past -410. A replayed, expired, tampered or unsolved payload is refused; on an
 * in-memory PGlite and, when DATABASE_URL_TEST is set, a fresh PostgreSQL database.
 */
import type { APIRoute } from 'astro';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/platform/db/client';
import { appSecrets, captchas } from '~/platform/db/schema';
import type { AltchaCaptcha } from '~/features/sign-in/contract';
import { createCaptcha } from '~/features/sign-in/server/captcha';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { createSignInProviders, setSignInProviders } from '~/platform/providers/sign-in-providers';
import { readSignInConfig } from '~/platform/providers/sign-in-config';
import { POST as captchaRoute } from '~/pages/api/v1/common/captcha';
import { POST as captchaVerifyRoute } from '~/pages/api/v1/common/captcha/verify';
import { TEST_DRIVERS } from './drivers';
import { callRoute, type CallOptions, type CallResult } from './endpoint-call';
import { signedPasswordLogin } from './sign-in-helpers';
import { useSuiteDatabase } from './route-context';

const ALTCHA_FAILED = { code: 1, msg: '人机验证未通过，请重试', data: null };
const CAPTCHA_REQUIRED = { code: -410, msg: '密码错误超过3次，请验证', data: null };
/** Low difficulty, so each solve takes milliseconds. */
const ALTCHA_ENV = { CAPTCHA_PROVIDER: 'altcha', ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '40' } as const;

let ipCounter = 0;
const freshIp = (): string => `203.0.${Math.floor(ipCounter / 250) + 1}.${(ipCounter++ % 250) + 1}`;
const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, ip: options.ip ?? freshIp() });

/** What the widget posts: base64 of JSON { challenge, solution }. */
async function solve(captcha: AltchaCaptcha): Promise<string> {
  const challenge = captcha.challenge as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('altcha-lib could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}

async function newAltcha(): Promise<AltchaCaptcha> {
  const result = await call<AltchaCaptcha>(captchaRoute, '/api/v1/common/captcha', { method: 'POST' });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  expect(result.body.data.kind).toBe('altcha');
  return result.body.data;
}

function verify(captchaId: string, altcha: string, webAction = 'login'): Promise<CallResult<{ verify_key: string }>> {
  return call<{ verify_key: string }>(captchaVerifyRoute, '/api/v1/common/captcha/verify', { method: 'POST', body: { captcha_id: captchaId, altcha, web_action: webAction } });
}

function login(username: string, password: string, verifyKey?: string): Promise<CallResult<SignInAnswer>> {
  return signedPasswordLogin(call, { username, password, fingerprint: 'fp-altcha', ...(verifyKey !== undefined ? { verifyKey } : {}) });
}

describe.each(TEST_DRIVERS)('ALTCHA captcha on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });
  beforeAll(() => setSignInProviders(createSignInProviders(readSignInConfig(ALTCHA_ENV))));
  afterAll(() => setSignInProviders(null));

  it.skipIf(skip)('answers a signed PBKDF2 challenge naming its captcha_id, and keeps the generated key in app_secrets', async () => {
    const captcha = await newAltcha();
    expect(captcha.challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1, data: { captcha_id: captcha.captcha_id } });
    expect(captcha.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await db.select().from(captchas).where(eq(captchas.id, captcha.captcha_id));
    expect(row).toMatchObject({ kind: 'altcha', usedAt: null });
    const [secret] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'altcha_hmac_key'));
    expect(secret?.value).toMatch(/^[0-9a-f]{64}$/);
  });

  it.skipIf(skip)('challenge → solve → verify yields a verify_key that takes a login past -410', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) await login('renter02', 'wrong_pass01');
    expect((await login('renter02', 'renter_pass02')).body).toEqual(CAPTCHA_REQUIRED);
    const captcha = await newAltcha();
    const verified = await verify(captcha.captcha_id, await solve(captcha));
    expect(verified.status).toBe(200);
    const signedIn = await login('renter02', 'renter_pass02', verified.body.data.verify_key);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token.token).toEqual(expect.any(String));
  });

  it.skipIf(skip)('a solved payload buys one verify_key: the replay is refused', async () => {
    const captcha = await newAltcha();
    const payload = await solve(captcha);
    expect((await verify(captcha.captcha_id, payload)).status).toBe(200);
    const replay = await verify(captcha.captcha_id, payload, 'sendSms');
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(ALTCHA_FAILED);
  });

  it.skipIf(skip)('an expired challenge is refused, even solved', async () => {
    const past = new Date(Date.now() - 10 * 60_000);
    const captcha = (await createCaptcha(db, past)) as AltchaCaptcha;
    const refused = await verify(captcha.captcha_id, await solve(captcha));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(ALTCHA_FAILED);
  });

  it.skipIf(skip)('a tampered challenge, a wrong signature, a wrong solution, another captcha_id and garbage are refused', async () => {
    const captcha = await newAltcha();
    const payload = JSON.parse(Buffer.from(await solve(captcha), 'base64').toString('utf8'));
    const encode = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
    const other = await newAltcha();
    const cases = [
      encode({ ...payload, challenge: { ...payload.challenge, signature: 'f'.repeat(64) } }),
      encode({ ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, cost: 2 } } }),
      encode({ ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, data: { captcha_id: other.captcha_id } } } }),
      // The derived key is the proof (the counter only says where it was found): a wrong one fails.
      encode({ ...payload, solution: { ...payload.solution, derivedKey: '0'.repeat(64) } }),
      encode({ ...payload, solution: { counter: 0, derivedKey: payload.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0')) } }),
      encode({ ...payload, challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, algorithm: 'SHA-256' } } }),
      'not base64 json',
    ];
    for (const altcha of cases) {
      const refused = await verify(captcha.captcha_id, altcha);
      expect(refused.status, `case ${cases.indexOf(altcha)}`).toBe(400);
      expect(refused.body).toEqual(ALTCHA_FAILED);
    }
    // A good payload for one captcha does not buy another's row.
    expect((await verify(other.captcha_id, encode(payload))).body).toEqual(ALTCHA_FAILED);
    // None of these used the row up: the honest payload still works once.
    expect((await verify(captcha.captcha_id, encode(payload))).status).toBe(200);
  });

  it.skipIf(skip)('a slider answer cannot use an ALTCHA row', async () => {
    const captcha = await newAltcha();
    const slider = await call(captchaVerifyRoute, '/api/v1/common/captcha/verify', { method: 'POST', body: { captcha_id: captcha.captcha_id, x: 0, web_action: 'login' } });
    expect(slider.status).toBe(400);
  });
});
