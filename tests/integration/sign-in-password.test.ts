/**
 * Request signing, RSA password encryption, the sandbox slider captcha, password login (spec §5
 * the -410 rule, §7 getSign / login / register / validate code v2, §8 滑块验证后端校验不通过),
 * register and the password resets (docs/sign-in-api.md), on the demo seed: an in-memory PGlite
 * and, when DATABASE_URL_TEST is set, a fresh PostgreSQL database.
 *
 * Every signed call is made the way the browser makes it: GET getSign, encrypt
 * {password, challenge, ts} with RSA-OAEP-SHA256 under public_key, sign the exact body text.
 */
import { createHash, createPublicKey } from 'node:crypto';
import type { APIRoute } from 'astro';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '~/platform/db/client';
import { captchas, loginFailures, rateLimitCounters, rsaKeys, signChallenges, users, verificationCodes } from '~/platform/db/schema';
import { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';
import { issueToken, resolveToken } from '~/features/sign-in/server/tokens';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import type { SignChallenge } from '~/features/sign-in/server/request-signing';
import { computeRequestSignature } from '~/features/sign-in/server/request-signing';
import { decryptOaep, rotateKey } from '~/features/sign-in/server/rsa-keys';
import { verifyCaptcha } from '~/features/sign-in/server/captcha';
import type { CaptchaPuzzle } from '~/features/sign-in/contract';
import { GET as getSignRoute, ALL as getSignOther } from '~/pages/api/v1/common/getSign';
import { CAPTCHAS_PER_IP_PER_MINUTE } from '~/platform/config/constants';
import { SIGN_TIMESTAMP_WINDOW_S } from '~/features/sign-in/constants';
import { POST as captchaRoute, ALL as captchaOther } from '~/pages/api/v1/common/captcha';
import { POST as captchaVerifyRoute } from '~/pages/api/v1/common/captcha/verify';
import { POST as loginRoute, ALL as loginOther } from '~/pages/api/v1/common/login';
import { POST as registerRoute } from '~/pages/api/v1/common/register';
import { POST as resetPasswordRoute } from '~/pages/api/v1/common/resetPassword';
import { POST as resetPasswordByEmailRoute } from '~/pages/api/v1/common/resetPasswordByEmail';
import { GET as userInfoRoute } from '~/pages/api/v1/common/userInfo';
import { TEST_DRIVERS } from './drivers';
import { encryptPassword } from './sign-in-helpers';
import { callRoute, type CallOptions, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const BAD_SIGNATURE = { code: 1, msg: '请求签名无效，请刷新后重试', data: null };
const BAD_CREDENTIALS = { code: 1, msg: '账号或密码错误', data: null };
const CAPTCHA_REQUIRED = { code: -410, msg: '密码错误超过3次，请验证', data: null };
const CAPTCHA_FAILED = { code: 1, msg: '滑块验证后端校验不通过', data: null };

let ipCounter = 0;
/** A new documentation-range address per call, so the per-IP login limit only bites where a test wants it. */
const freshIp = (): string => `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** From a fresh address unless `ip` is given. */
const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, ip: options.ip ?? freshIp() });

async function getSign(): Promise<SignChallenge> {
  const result = await call<SignChallenge>(getSignRoute, '/api/v1/common/getSign');
  expect(result.status).toBe(200);
  return result.body.data;
}

/** The browser's password field: base64(RSA-OAEP-SHA256(public_key, utf8(JSON {password, challenge, ts}))). */

interface SignedOptions {
  ip?: string;
  timestamp?: number;
  /** Replaces X-Sign. */
  signature?: string;
  /** Headers left out. */
  omit?: string[];
}

/** A signed POST of `body` (an object is serialised once; the same text is signed and sent). */
function signedPost<T>(route: APIRoute, path: string, challenge: SignChallenge, body: unknown, options: SignedOptions = {}): Promise<CallResult<T>> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? challenge.timestamp;
  const headers: Record<string, string> = {
    'x-timestamp': String(timestamp),
    'x-nonce-str': challenge.nonce_str,
    'x-sign': options.signature ?? computeRequestSignature(challenge.sign, timestamp, challenge.nonce_str, text),
    'user-agent': 'vitest',
  };
  for (const name of options.omit ?? []) delete headers[name];
  return call<T>(route, path, { method: 'POST', headers, text, ip: options.ip });
}

interface LoginOptions {
  verifyKey?: string;
  ip?: string;
}

/** A whole password login the browser's way: a fresh challenge, the encrypted password, the signed body. */
async function login(username: string, password: string, options: LoginOptions = {}): Promise<CallResult<SignInAnswer>> {
  const challenge = await getSign();
  const body: Record<string, unknown> = { username, password: encryptPassword(challenge, password), fingerprint: 'fp-vitest' };
  if (options.verifyKey !== undefined) body['verify_key'] = options.verifyKey;
  return signedPost<SignInAnswer>(loginRoute, '/api/v1/common/login', challenge, body, { ip: options.ip });
}

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(TEST_DRIVERS)('password sign-in on $label', ({ driver, skip }) => {
  let db: Db;

  async function userRow(username: string) {
    const [row] = await db.select().from(users).where(eq(users.username, username));
    if (!row) throw new Error(`user ${username} missing`);
    return row;
  }

  async function failuresOf(name: string): Promise<number | null> {
    const [row] = await db.select({ failures: loginFailures.failures }).from(loginFailures).where(eq(loginFailures.loginName, name));
    return row?.failures ?? null;
  }

  async function newCaptcha(): Promise<{ captcha: CaptchaPuzzle; targetX: number }> {
    const result = await call<CaptchaPuzzle>(captchaRoute, '/api/v1/common/captcha', { method: 'POST' });
    expect(result.status).toBe(200);
    const [row] = await db.select({ targetX: captchas.targetX }).from(captchas).where(eq(captchas.id, result.body.data.captcha_id));
    return { captcha: result.body.data, targetX: row!.targetX };
  }

  function answerCaptcha(captchaId: string, x: number, webAction: string): Promise<CallResult<{ verify_key: string }>> {
    return call<{ verify_key: string }>(captchaVerifyRoute, '/api/v1/common/captcha/verify', {
      method: 'POST',
      body: { captcha_id: captchaId, x, web_action: webAction },
    });
  }

  async function solvedVerifyKey(webAction: 'login' | 'submit' | 'sendSms'): Promise<string> {
    const { captcha, targetX } = await newCaptcha();
    const result = await answerCaptcha(captcha.captcha_id, targetX, webAction);
    expect(result.status).toBe(200);
    return result.body.data.verify_key;
  }

  /** What the other engineer's sendSms would have stored: sha256 of `${recipient}:${action}:${code}`, live 5 minutes. */
  async function plantCode(channel: 'sms' | 'email', recipient: string, action: 'register' | 'reset', code: string): Promise<void> {
    const now = new Date();
    await db.insert(verificationCodes).values({
      channel,
      recipient,
      action,
      codeHash: sha256Hex(`${recipient}:${action}:${code}`),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
    });
  }

  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  // -------------------------------------------------------------------------------------------
  // getSign and signing

  it.skipIf(skip)('getSign answers a 2048-bit SPKI public key, its key id, a 64-hex sign, the time in seconds and a 32-char nonce', async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await call<SignChallenge>(getSignRoute, '/api/v1/common/getSign');
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(0);
    const data = result.body.data;
    expect(Object.keys(data).sort()).toEqual(['key_id', 'nonce_str', 'public_key', 'sign', 'timestamp']);
    expect(data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const key = createPublicKey(data.public_key);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(data.key_id).toMatch(/^k[0-9a-f]{8}$/);
    expect(data.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(data.nonce_str).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(data.timestamp).toBeGreaterThanOrEqual(before);
    expect(data.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(result.text).not.toContain('PRIVATE');

    const again = await getSign();
    expect(again.key_id).toBe(data.key_id);
    expect(again.nonce_str).not.toBe(data.nonce_str);
    expect(again.sign).not.toBe(data.sign);
    const [stored] = await db.select().from(signChallenges).where(eq(signChallenges.nonceStr, data.nonce_str));
    expect(stored?.signKey).toBe(data.sign);
    expect(stored!.expiresAt.getTime() - stored!.issuedAt.getTime()).toBe(300_000);
  });

  it.skipIf(skip)('getSign, captcha and login refuse other methods with 405 and an Allow header', async () => {
    const post = await call(getSignOther, '/api/v1/common/getSign', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await call(captchaOther, '/api/v1/common/captcha', { method: 'GET' })).headers.get('allow')).toBe('POST, OPTIONS');
    expect((await call(loginOther, '/api/v1/common/login', { method: 'GET' })).status).toBe(405);
  });

  it.skipIf(skip)('a signed login done the browser\'s way answers the token answer, and the token works', async () => {
    const result = await login('renter01', 'renter_pass01');
    expect(result.status).toBe(200);
    expect(result.body.code).toBe(0);
    const { token, is_new_user, user } = result.body.data;
    expect(token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token.expires_time).toBeGreaterThan(Date.now() / 1000 + 6 * 86_400);
    expect(is_new_user).toBe(false);
    expect(user).toMatchObject({ username: 'renter01', mobile: '138****0001', has_password: true });
    expect(result.text).not.toContain('scrypt');

    const renter = await userRow('renter01');
    expect(await resolveToken(db, token.token, new Date())).toMatchObject({ ok: true, userId: renter.id });
    // requireUser, through GET common/userInfo.
    const profile = await call<{ username: string }>(userInfoRoute, '/api/v1/common/userInfo', { headers: { authorization: `Bearer ${token.token}` } });
    expect(profile.status).toBe(200);
    expect(profile.body.data.username).toBe('renter01');
  });

  it.skipIf(skip)('the login name may be the account\'s mobile', async () => {
    const result = await login('13800000001', 'renter_pass01');
    expect(result.status).toBe(200);
    expect(result.body.data.user.username).toBe('renter01');
  });

  it.skipIf(skip)('a replayed request (same nonce, same signature, same body) is refused', async () => {
    const challenge = await getSign();
    const body = { username: 'renter01', password: encryptPassword(challenge, 'renter_pass01'), fingerprint: 'fp' };
    expect((await signedPost(loginRoute, '/api/v1/common/login', challenge, body)).status).toBe(200);
    const replay = await signedPost(loginRoute, '/api/v1/common/login', challenge, body);
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual(BAD_SIGNATURE);
  });

  it.skipIf(skip)('a bad signature is refused, and it burns the nonce', async () => {
    const challenge = await getSign();
    const body = { username: 'renter01', password: encryptPassword(challenge, 'renter_pass01'), fingerprint: 'fp' };
    const forged = await signedPost(loginRoute, '/api/v1/common/login', challenge, body, { signature: '0'.repeat(64) });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual(BAD_SIGNATURE);
    // The right signature now comes too late.
    expect((await signedPost(loginRoute, '/api/v1/common/login', challenge, body)).body).toEqual(BAD_SIGNATURE);
  });

  it.skipIf(skip)('a body changed after signing is refused', async () => {
    const challenge = await getSign();
    const signedText = JSON.stringify({ username: 'renter01', password: encryptPassword(challenge, 'renter_pass01'), fingerprint: 'fp' });
    const signature = computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, signedText);
    const tampered = JSON.stringify({ username: 'owner01', password: encryptPassword(challenge, 'renter_pass01'), fingerprint: 'fp' });
    const result = await signedPost(loginRoute, '/api/v1/common/login', challenge, tampered, { signature });
    expect(result.body).toEqual(BAD_SIGNATURE);
  });

  it.skipIf(skip)('a timestamp more than 300 s off the server clock is refused even when correctly signed', async () => {
    // A minute past the window each way: a slow machine can spend a second or more between taking
    // the timestamp here and the server reading its clock, which would pull a 301 s skew inside it.
    for (const offsetS of [-(SIGN_TIMESTAMP_WINDOW_S + 60), SIGN_TIMESTAMP_WINDOW_S + 60]) {
      const challenge = await getSign();
      const ts = Math.floor(Date.now() / 1000) + offsetS;
      const body = { username: 'renter01', password: encryptPassword(challenge, 'renter_pass01', { ts }), fingerprint: 'fp' };
      const result = await signedPost(loginRoute, '/api/v1/common/login', challenge, body, { timestamp: ts });
      expect(result.status).toBe(400);
      expect(result.body).toEqual(BAD_SIGNATURE);
    }
  });

  it.skipIf(skip)('missing signing headers, an unknown nonce and an expired challenge are refused alike', async () => {
    for (const omit of [['x-sign'], ['x-timestamp'], ['x-nonce-str']]) {
      const challenge = await getSign();
      const body = { username: 'renter01', password: encryptPassword(challenge, 'renter_pass01'), fingerprint: 'fp' };
      expect((await signedPost(loginRoute, '/api/v1/common/login', challenge, body, { omit })).body).toEqual(BAD_SIGNATURE);
    }
    const real = await getSign();
    const unknown = { ...real, nonce_str: 'Z'.repeat(32) };
    const body = { username: 'renter01', password: encryptPassword(real, 'renter_pass01'), fingerprint: 'fp' };
    expect((await signedPost(loginRoute, '/api/v1/common/login', unknown, body)).body).toEqual(BAD_SIGNATURE);

    const expiring = await getSign();
    await db.update(signChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(signChallenges.nonceStr, expiring.nonce_str));
    const late = { username: 'renter01', password: encryptPassword(expiring, 'renter_pass01'), fingerprint: 'fp' };
    expect((await signedPost(loginRoute, '/api/v1/common/login', expiring, late)).body).toEqual(BAD_SIGNATURE);
  });

  it.skipIf(skip)('the login body is checked with the §5 messages', async () => {
    const challenge = await getSign();
    const empty = await signedPost(loginRoute, '/api/v1/common/login', challenge, { username: ' ', password: 'AAAA', fingerprint: 'fp' });
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('请输入手机号/用户名');
    const long = await signedPost(loginRoute, '/api/v1/common/login', challenge, { username: 'x'.repeat(21), password: 'AAAA', fingerprint: 'fp' });
    expect(long.body.msg).toBe('手机号/用户名最多20个字符');
    const noPassword = await signedPost(loginRoute, '/api/v1/common/login', challenge, { username: 'renter01', fingerprint: 'fp' });
    expect(noPassword.body.msg).toBe('请输入密码');
    const notJson = await call(loginRoute, '/api/v1/common/login', { method: 'POST', text: 'username=renter01', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(notJson.status).toBe(415);
    const huge = await signedPost(loginRoute, '/api/v1/common/login', await getSign(), { username: 'renter01', password: 'A'.repeat(1_100_000), fingerprint: 'fp' });
    expect(huge.status).toBe(413);
  });

  // -------------------------------------------------------------------------------------------
  // wrong passwords and the -410 rule (spec §5)

  it.skipIf(skip)('three wrong passwords answer 账号或密码错误, the 4th -410, and -410 holds without a verify_key', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const result = await login('owner01', 'wrong_pass01');
      expect(result.status).toBe(400);
      expect(result.body).toEqual(BAD_CREDENTIALS);
      expect(await failuresOf('owner01')).toBe(attempt);
    }
    const fourth = await login('owner01', 'wrong_pass01');
    expect(fourth.status).toBe(400);
    expect(fourth.body).toEqual(CAPTCHA_REQUIRED);
    expect(await failuresOf('owner01')).toBe(4);

    // The right password without a captcha: -410, and the password was not even looked at.
    const right = await login('owner01', 'owner_pass01');
    expect(right.body).toEqual(CAPTCHA_REQUIRED);
    expect(await failuresOf('owner01')).toBe(4);

    // A made-up key, or one solved for another action, is no verify_key for login.
    expect((await login('owner01', 'owner_pass01', { verifyKey: 'A'.repeat(43) })).body).toEqual(CAPTCHA_REQUIRED);
    const smsKey = await solvedVerifyKey('sendSms');
    expect((await login('owner01', 'owner_pass01', { verifyKey: smsKey })).body).toEqual(CAPTCHA_REQUIRED);
    // ...and that sendSms key is still good for sendSms: a login did not use it up.
    expect(await consumeVerifyKey(db, smsKey, 'sendSms', new Date())).toBe(true);

    // A solved captcha with a wrong password: checked, counted, and -410 again (a new captcha is needed).
    const keyForWrong = await solvedVerifyKey('login');
    expect((await login('owner01', 'wrong_pass01', { verifyKey: keyForWrong })).body).toEqual(CAPTCHA_REQUIRED);
    expect(await failuresOf('owner01')).toBe(5);
    // That key is spent.
    expect((await login('owner01', 'owner_pass01', { verifyKey: keyForWrong })).body).toEqual(CAPTCHA_REQUIRED);

    const key = await solvedVerifyKey('login');
    const success = await login('owner01', 'owner_pass01', { verifyKey: key });
    expect(success.status).toBe(200);
    expect(success.body.data.user.username).toBe('owner01');
    expect(await failuresOf('owner01')).toBeNull();

    // Counting starts over: the next wrong password is a plain 账号或密码错误.
    expect((await login('owner01', 'wrong_pass01')).body).toEqual(BAD_CREDENTIALS);
    expect(await failuresOf('owner01')).toBe(1);
  });

  it.skipIf(skip)('the count is per login name, lowercased, whatever the case typed', async () => {
    await login('Owner02', 'wrong_pass01');
    await login('OWNER02', 'wrong_pass01');
    expect(await failuresOf('owner02')).toBe(2);
    await db.delete(loginFailures).where(eq(loginFailures.loginName, 'owner02'));
  });

  it.skipIf(skip)('an unknown name gets the very answer of a wrong password, and counts towards -410 too', async () => {
    const unknown = await login('nobody_here', 'renter_pass01');
    const wrong = await login('store01', 'wrong_pass01');
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe(wrong.text);
    expect(unknown.body).toEqual(BAD_CREDENTIALS);
    for (let i = 0; i < 2; i += 1) await login('nobody_here', 'x_password');
    expect((await login('nobody_here', 'x_password')).body).toEqual(CAPTCHA_REQUIRED);
    expect(await failuresOf('nobody_here')).toBe(4);
  });

  it.skipIf(skip)('a deleted account and an account without a password answer 账号或密码错误', async () => {
    expect((await login('deleted01', 'deleted_pass01')).body).toEqual(BAD_CREDENTIALS);
    await db.insert(users).values({ username: 'nopass01', nickname: '短信用户', mobile: '13900000001' });
    expect((await login('nopass01', '')).body).toEqual(BAD_CREDENTIALS);
    expect((await login('13900000001', 'anything_1')).body).toEqual(BAD_CREDENTIALS);
  });

  it.skipIf(skip)('a ciphertext made for another challenge is refused like a wrong password', async () => {
    const first = await getSign();
    const second = await getSign();
    const stolen = encryptPassword(first, 'merchant_pass01');
    const result = await signedPost<SignInAnswer>(loginRoute, '/api/v1/common/login', second, { username: 'merchant01', password: stolen, fingerprint: 'fp' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(BAD_CREDENTIALS);
    // Same challenge but the wrong ts inside, and bytes that are no ciphertext at all: the same.
    const third = await getSign();
    const wrongTs = encryptPassword(third, 'merchant_pass01', { ts: third.timestamp - 1 });
    expect((await signedPost(loginRoute, '/api/v1/common/login', third, { username: 'merchant01', password: wrongTs, fingerprint: 'fp' })).body).toEqual(BAD_CREDENTIALS);
    const fourth = await getSign();
    const garbage = Buffer.alloc(256, 7).toString('base64');
    expect((await signedPost(loginRoute, '/api/v1/common/login', fourth, { username: 'merchant01', password: garbage, fingerprint: 'fp' })).body).toEqual(BAD_CREDENTIALS);
    expect(await failuresOf('merchant01')).toBe(3);
    await db.delete(loginFailures).where(eq(loginFailures.loginName, 'merchant01'));
  });

  // -------------------------------------------------------------------------------------------
  // captcha and verify keys

  it.skipIf(skip)('an IP gets CAPTCHAS_PER_IP_PER_MINUTE puzzles a minute, then 429 with Retry-After', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < CAPTCHAS_PER_IP_PER_MINUTE; i += 1) {
      expect((await call(captchaRoute, '/api/v1/common/captcha', { method: 'POST', ip })).status).toBe(200);
    }
    const refused = await call(captchaRoute, '/api/v1/common/captcha', { method: 'POST', ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(captchaRoute, '/api/v1/common/captcha', { method: 'POST' })).status).toBe(200);
  });

  it.skipIf(skip)('captcha v1 answers a 300x160 puzzle with a 44 px piece as SVG data URLs, and keeps the gap on the server', async () => {
    const { captcha, targetX } = await newCaptcha();
    expect(Object.keys(captcha).sort()).toEqual(['captcha_id', 'height', 'image', 'piece', 'piece_size', 'piece_y', 'width']);
    expect(captcha).toMatchObject({ width: 300, height: 160, piece_size: 44 });
    expect(captcha.captcha_id).toMatch(/^[0-9a-f]{32}$/);
    expect(captcha.piece_y).toBeGreaterThanOrEqual(0);
    expect(captcha.piece_y + 44).toBeLessThanOrEqual(160);
    for (const url of [captcha.image, captcha.piece]) {
      expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
      expect(Buffer.from(url.split(',')[1]!, 'base64').toString('utf8')).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect(targetX).toBeGreaterThanOrEqual(60);
    expect(targetX).toBeLessThanOrEqual(240);
    const [row] = await db.select().from(captchas).where(eq(captchas.id, captcha.captcha_id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(120_000);
  });

  it.skipIf(skip)('a slider off by more than 6 px is 滑块验证后端校验不通过, and the puzzle is then used up', async () => {
    const { captcha, targetX } = await newCaptcha();
    const off = await answerCaptcha(captcha.captcha_id, targetX + 7, 'login');
    expect(off.status).toBe(400);
    expect(off.body).toEqual(CAPTCHA_FAILED);
    const late = await answerCaptcha(captcha.captcha_id, targetX, 'login');
    expect(late.body).toEqual(CAPTCHA_FAILED);
  });

  it.skipIf(skip)('a slider within 6 px passes once; a second answer to the same puzzle fails', async () => {
    const { captcha, targetX } = await newCaptcha();
    const pass = await answerCaptcha(captcha.captcha_id, targetX - 6, 'submit');
    expect(pass.status).toBe(200);
    expect(pass.body.data.verify_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await answerCaptcha(captcha.captcha_id, targetX, 'submit')).body).toEqual(CAPTCHA_FAILED);
    expect((await answerCaptcha('f'.repeat(32), 100, 'submit')).body).toEqual(CAPTCHA_FAILED);
  });

  it.skipIf(skip)('an expired puzzle fails, and a bad answer body is a 400 naming the field', async () => {
    const { captcha, targetX } = await newCaptcha();
    await expect(verifyCaptcha(db, { captcha_id: captcha.captcha_id, x: targetX, web_action: 'login' }, new Date(Date.now() + 121_000))).rejects.toMatchObject({
      message: '滑块验证后端校验不通过',
      httpStatus: 400,
    });
    const badAction = await answerCaptcha(captcha.captcha_id, targetX, 'pay');
    expect(badAction.status).toBe(400);
    expect(badAction.body.msg).toContain('web_action');
  });

  it.skipIf(skip)('a verify_key is single-use and good only for its web_action', async () => {
    const key = await solvedVerifyKey('login');
    const now = new Date();
    expect(await consumeVerifyKey(db, key, 'sendSms', now)).toBe(false);
    expect(await consumeVerifyKey(db, key, 'login', now)).toBe(true);
    expect(await consumeVerifyKey(db, key, 'login', now)).toBe(false);
  });

  // -------------------------------------------------------------------------------------------
  // rate limits

  it.skipIf(skip)('the 11th attempt for one login name within 15 minutes is 429 with Retry-After', async () => {
    // A name no other test uses, so the count starts at 0 (the limit counts names, known or not).
    for (let i = 1; i <= 10; i += 1) {
      const result = await login('Limit_Probe', 'wrong_pass01');
      expect(result.status).toBe(400);
    }
    const limited = await login('limit_probe', 'store_pass01');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(limited.body.data).toEqual({ retry_after: retryAfter });
  });

  it.skipIf(skip)('the 51st attempt from one IP within 15 minutes is 429', async () => {
    const ip = '203.0.113.77';
    await db.insert(rateLimitCounters).values({ bucket: `login:ip:${ip}`, count: 50, windowEndsAt: new Date(Date.now() + 600_000) });
    const limited = await login('renter01', 'renter_pass01', { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect((await login('renter01', 'renter_pass01', { ip: '203.0.113.78' })).status).toBe(200);
  });

  // -------------------------------------------------------------------------------------------
  // register and reset

  it.skipIf(skip)('register makes an account from phone, SMS code and password, with the inviter recorded', async () => {
    const inviter = await userRow('renter02');
    await db.update(users).set({ inviteCode: 'INVITE02' }).where(eq(users.id, inviter.id));
    const mobile = '13912345678';
    await plantCode('sms', mobile, 'register', '246810');
    const challenge = await getSign();
    const result = await signedPost<SignInAnswer>(registerRoute, '/api/v1/common/register', challenge, {
      mobile,
      password: encryptPassword(challenge, 'new_pass_2024'),
      code: '246810',
      invite: 'invite02',
      fingerprint: 'fp',
    });
    expect(result.status).toBe(200);
    expect(result.body.data.is_new_user).toBe(true);
    expect(result.body.data.token.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.body.data.user).toMatchObject({ username: `u${mobile}`, nickname: '用户5678', mobile: '139****5678', has_password: true });

    const created = await userRow(`u${mobile}`);
    expect(created.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(created.invitedByUserId).toBe(inviter.id);
    expect(created.passwordHash).toMatch(/^scrypt\$/);
    expect((await resolveToken(db, result.body.data.token.token, new Date())).ok).toBe(true);
    expect((await login(mobile, 'new_pass_2024')).status).toBe(200);

    // The code is spent, and the phone is now taken.
    const again = await getSign();
    const taken = await signedPost(registerRoute, '/api/v1/common/register', again, {
      mobile,
      password: encryptPassword(again, 'new_pass_2024'),
      code: '246810',
      fingerprint: 'fp',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该手机号已注册');
  });

  it.skipIf(skip)('register ignores an unknown invite code', async () => {
    const mobile = '13912345679';
    await plantCode('sms', mobile, 'register', '135790');
    const challenge = await getSign();
    const result = await signedPost<SignInAnswer>(registerRoute, '/api/v1/common/register', challenge, {
      mobile,
      password: encryptPassword(challenge, 'another_pass1'),
      code: '135790',
      invite: 'NOSUCHCD',
      fingerprint: 'fp',
    });
    expect(result.status).toBe(200);
    expect((await userRow(`u${mobile}`)).invitedByUserId).toBeNull();
  });

  it.skipIf(skip)('register refuses a taken phone, a wrong code, a weak password and a bad phone with their messages', async () => {
    const post = async (body: Record<string, unknown>, password = 'good_pass_01'): Promise<CallResult<unknown>> => {
      const challenge = await getSign();
      return signedPost(registerRoute, '/api/v1/common/register', challenge, { password: encryptPassword(challenge, password), fingerprint: 'fp', ...body });
    };
    const taken = await post({ mobile: '13800000001', code: '123456' });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('该手机号已注册');

    await plantCode('sms', '13912340000', 'register', '111111');
    const wrongCode = await post({ mobile: '13912340000', code: '222222' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.msg).toBe('验证码错误或已过期');

    const weak = await post({ mobile: '13912340000', code: '111111' }, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('密码由字母、数字、下划线组成,长度8-30位');

    expect((await post({ mobile: '12345', code: '111111' })).body.msg).toBe('请输入正确的手机号码');
    expect((await post({ code: '111111' })).body.msg).toBe('请输入手机号码');
    expect((await post({ mobile: '13912340000', code: '12ab' })).body.msg).toBe('验证码只能为数字且长度为6');

    // None of the refusals spent the code.
    expect((await post({ mobile: '13912340000', code: '111111' })).status).toBe(200);
  });

  it.skipIf(skip)('resetPassword sets the new password, revokes every token and clears the -410 count', async () => {
    const owner = await userRow('owner03');
    const { token } = await issueToken(db, owner.id, { now: new Date() });
    await db.insert(loginFailures).values({ loginName: 'owner03', failures: 7, lastFailedAt: new Date() });
    await plantCode('sms', owner.mobile!, 'reset', '314159');
    const challenge = await getSign();
    const result = await signedPost(resetPasswordRoute, '/api/v1/common/resetPassword', challenge, {
      mobile: owner.mobile,
      code: '314159',
      password: encryptPassword(challenge, 'fresh_pass_03'),
    });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ code: 0, msg: 'ok', data: null });
    expect(await resolveToken(db, token, new Date())).toEqual({ ok: false, reason: 'revoked' });
    expect(await failuresOf('owner03')).toBeNull();
    expect((await login('owner03', 'owner_pass03')).body).toEqual(BAD_CREDENTIALS);
    expect((await login('owner03', 'fresh_pass_03')).status).toBe(200);
  });

  it.skipIf(skip)('resetPassword checks the code before the phone, so only a right code learns 该手机号未注册', async () => {
    const post = async (code: string): Promise<CallResult<unknown>> => {
      const challenge = await getSign();
      return signedPost(resetPasswordRoute, '/api/v1/common/resetPassword', challenge, { mobile: '13911112222', code, password: encryptPassword(challenge, 'fresh_pass_99') });
    };
    const noCode = await post('123456');
    expect(noCode.status).toBe(400);
    expect(noCode.body.msg).toBe('验证码错误或已过期');
    await plantCode('sms', '13911112222', 'reset', '654321');
    const unregistered = await post('654321');
    expect(unregistered.status).toBe(400);
    expect(unregistered.body.msg).toBe('该手机号未注册');
  });

  it.skipIf(skip)('resetPasswordByEmail works with the address in any case, and revokes tokens', async () => {
    const owner = await userRow('owner04');
    await db.update(users).set({ email: 'owner04@example.com' }).where(eq(users.id, owner.id));
    const { token } = await issueToken(db, owner.id, { now: new Date() });
    await plantCode('email', 'owner04@example.com', 'reset', '271828');
    const challenge = await getSign();
    const result = await signedPost(resetPasswordByEmailRoute, '/api/v1/common/resetPasswordByEmail', challenge, {
      email: 'Owner04@Example.COM',
      code: '271828',
      password: encryptPassword(challenge, 'mail_pass_04'),
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toBeNull();
    expect((await resolveToken(db, token, new Date())).ok).toBe(false);
    expect((await login('owner04', 'mail_pass_04')).status).toBe(200);

    const bad = await getSign();
    const invalid = await signedPost(resetPasswordByEmailRoute, '/api/v1/common/resetPasswordByEmail', bad, {
      email: 'not-an-email',
      code: '271828',
      password: encryptPassword(bad, 'mail_pass_04'),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toBe('请输入正确的邮箱地址');
  });

  it.skipIf(skip)('a reset whose password does not decrypt under this challenge is refused with the signing message', async () => {
    const owner = await userRow('owner02');
    await plantCode('sms', owner.mobile!, 'reset', '999000');
    const first = await getSign();
    const second = await getSign();
    const result = await signedPost(resetPasswordRoute, '/api/v1/common/resetPassword', second, {
      mobile: owner.mobile,
      code: '999000',
      password: encryptPassword(first, 'hijack_pass_1'),
    });
    expect(result.status).toBe(400);
    expect(result.body).toEqual(BAD_SIGNATURE);
    // The code was not spent on a request that failed before it.
    const [code] = await db.select().from(verificationCodes).where(and(eq(verificationCodes.recipient, owner.mobile!), isNull(verificationCodes.consumedAt)));
    expect(code).toBeDefined();
  });

  // -------------------------------------------------------------------------------------------
  // keys

  it.skipIf(skip)('a challenge issued before a key rotation still decrypts; a key retired over 5 minutes ago does not', async () => {
    const before = await getSign();
    const rotated = await rotateKey(db, new Date());
    expect(rotated.keyId).not.toBe(before.key_id);
    const after = await getSign();
    expect(after.key_id).toBe(rotated.keyId);
    expect(after.public_key).not.toBe(before.public_key);

    const body = { username: 'renter01', password: encryptPassword(before, 'renter_pass01'), fingerprint: 'fp' };
    expect((await signedPost(loginRoute, '/api/v1/common/login', before, body)).status).toBe(200);

    const ciphertext = encryptPassword(before, 'renter_pass01');
    expect((await decryptOaep(db, before.key_id, ciphertext, new Date(Date.now() + 290_000)))?.toString('utf8')).toContain('renter_pass01');
    expect(await decryptOaep(db, before.key_id, ciphertext, new Date(Date.now() + 301_000))).toBeNull();
    const active = await db.select().from(rsaKeys).where(isNull(rsaKeys.retiredAt));
    expect(active).toHaveLength(1);
  });

  it.skipIf(skip)('many processes asking for the key at once end with one active key', async () => {
    await db.execute(sql`delete from rsa_keys`);
    // Two fresh copies of the module stand for two processes: no shared memory, one database.
    vi.resetModules();
    const processA = await import('~/features/sign-in/server/rsa-keys');
    vi.resetModules();
    const processB = await import('~/features/sign-in/server/rsa-keys');
    expect(processA).not.toBe(processB);
    const now = new Date();
    const keys = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? processA : processB).activeKey(db, now)));
    expect(new Set(keys.map((key) => key.keyId)).size).toBe(1);
    const rows = await db.select().from(rsaKeys);
    expect(rows.filter((row) => row.retiredAt === null)).toHaveLength(1);
    // A login against the surviving key works.
    expect((await login('renter01', 'renter_pass01')).status).toBe(200);
  }, 60_000);
});
