/**
 * QR login (spec §4 "QR login states", §7 the WeChat / QQ / app scan calls, §9 timings;
 * docs/sign-in-api.md "QR login") through the endpoints and the service, on the demo seed, on an
 * in-memory PGlite and, when DATABASE_URL_TEST is set, on a fresh PostgreSQL database.
 *
 * The endpoints read the clock with `new Date()`; only Date is faked (vi.useFakeTimers toFake
 * ['Date']) so a test can step past the 250 ms poll gap or the 60 s life without sleeping.
 */
import type { APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_TEST_ENV, replaceAppConfig } from '~/platform/config/config';
import { QR_LIFETIME_MS, QR_POLL_APP_MS, QR_POLL_WECHAT_MS, QR_SECRET_COOKIE } from '~/features/sign-in/constants';
import { appQrState, qqQrState, wechatQrState } from '~/features/sign-in/rules/qr-login';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { qrSessions, thirdPartyIdentities, users } from '~/platform/db/schema';
import { MSG_QR_INVALID, MSG_QR_NOT_CONFIRMED, MSG_QR_NOT_FOUND, MSG_QR_USED, confirmSandbox, createQrSession, markScanned, pollQrSession, qrSecretFromRequest, redeemQrSession } from '~/features/sign-in/server/qr-login';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { hashToken, issueToken, resolveToken } from '~/features/sign-in/server/tokens';
import { GET as wechatInit, ALL as wechatInitOther } from '~/pages/api/v1/qr/wechat/init';
import { GET as wechatStatus } from '~/pages/api/v1/qr/wechat/status';
import { GET as qqInit } from '~/pages/api/v1/qr/qq/init';
import { GET as qqStatus } from '~/pages/api/v1/qr/qq/status';
import { POST as appGenerate } from '~/pages/api/v1/qr/app/generate';
import { GET as appStatus } from '~/pages/api/v1/qr/app/status';
import { GET as appToken } from '~/pages/api/v1/qr/app/token';
import { POST as appConfirm } from '~/pages/api/v1/qr/app/confirm';
import { POST as scanPost, ALL as scanOther } from '~/pages/api/v1/qr/scan';
import { POST as sandboxConfirmPost } from '~/pages/api/v1/qr/sandbox/confirm';
import { POST as cancelPost } from '~/pages/api/v1/qr/cancel';
import { TEST_DRIVERS } from './drivers';
import { callRoute, type CallOptions as BaseCallOptions, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';


/** `cookie` is the qr_secret value alone (null or empty: no cookie). */
type CallOptions = Omit<BaseCallOptions, 'cookie'> & { cookie?: string | null };
const call = <T = unknown>(route: APIRoute, path: string, { cookie, ...options }: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, cookie: cookie ? `${QR_SECRET_COOKIE}=${cookie}` : undefined });

/** The qr_secret value of a Set-Cookie header, read the way the browser would send it back. */
function secretOf(result: CallResult<unknown>): string {
  const setCookie = result.headers.get('set-cookie') ?? '';
  const secret = qrSecretFromRequest(new Request('http://localhost/', { headers: { cookie: setCookie.split(';', 1)[0]! } }));
  if (!secret) throw new Error(`no ${QR_SECRET_COOKIE} in ${setCookie}`);
  return secret;
}

const ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const post = (body: unknown, extra: CallOptions = {}): CallOptions => ({ method: 'POST', body, ...extra });

/** Steps the faked clock (Date only). */
function tick(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
}

interface WechatInit {
  session_id: string;
  qrcode_url: string;
}
interface QqInit {
  qrImage: string;
  sessionId: string;
}
interface AppGenerate {
  qr_content: string;
  qr_token: string;
  qr_image: string;
}
interface WechatStatus {
  status: string;
  token?: SignInAnswer;
  register?: boolean;
  temp_token?: string;
}
interface QqStatus {
  resultStatus: number;
  resultToken?: SignInAnswer;
  temp_token?: string;
}

describe.each(TEST_DRIVERS)('QR login on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let renterId: number;

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'renter01'));
    renterId = row!.id;
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fresh session of each platform: its poll id, cookie secret and scan code (read from the QR's URL). */
  async function newWechat(): Promise<{ id: string; secret: string; scanCode: string }> {
    const result = await call<WechatInit>(wechatInit, '/api/v1/qr/wechat/init');
    return { id: result.body.data.session_id, secret: secretOf(result), scanCode: await scanCodeOf(result.body.data.session_id) };
  }
  async function newQq(): Promise<{ id: string; secret: string; scanCode: string }> {
    const result = await call<QqInit>(qqInit, '/api/v1/qr/qq/init', { headers: { uid: 'fp-qq-1' } });
    return { id: result.body.data.sessionId, secret: secretOf(result), scanCode: await scanCodeOf(result.body.data.sessionId) };
  }
  async function newApp(): Promise<{ id: string; secret: string; scanCode: string; content: string }> {
    const result = await call<AppGenerate>(appGenerate, '/api/v1/qr/app/generate', post({ fingerprint: 'fp-app-1' }));
    const scanCode = result.body.data.qr_content.split('/').pop()!;
    return { id: result.body.data.qr_token, secret: secretOf(result), scanCode, content: result.body.data.qr_content };
  }
  /** The WeChat/QQ QR image is an SVG; the test reads the scan code the QR encodes from the row. */
  async function scanCodeOf(id: string): Promise<string> {
    const [row] = await db.select({ scanCode: qrSessions.scanCode }).from(qrSessions).where(eq(qrSessions.id, id));
    return row!.scanCode;
  }
  const wechatPoll = (id: string, secret: string | null): Promise<CallResult<WechatStatus>> =>
    call<WechatStatus>(wechatStatus, `/api/v1/qr/wechat/status?sessionId=${id}`, { cookie: secret });
  const qqPoll = (id: string, secret: string | null): Promise<CallResult<QqStatus>> =>
    call<QqStatus>(qqStatus, `/api/v1/qr/qq/status?sessionId=${id}`, { cookie: secret });
  const appPoll = (id: string, secret: string | null): Promise<CallResult<{ status: string }>> =>
    call<{ status: string }>(appStatus, `/api/v1/qr/app/status?qr_token=${id}`, { cookie: secret });
  const appTokenOf = (id: string, secret: string | null): Promise<CallResult<SignInAnswer>> =>
    call<SignInAnswer>(appToken, `/api/v1/qr/app/token?qr_token=${id}`, { cookie: secret });
  const scan = (scanCode: string): Promise<CallResult<{ platform: string; status: string }>> =>
    call(scanPost, '/api/v1/qr/scan', post({ scan_code: scanCode }));
  const sandboxConfirm = (scanCode: string, identity: 'new' | 'demo'): Promise<CallResult<{ status: string; needs_bind: boolean }>> =>
    call(sandboxConfirmPost, '/api/v1/qr/sandbox/confirm', post({ scan_code: scanCode, identity }));
  const cancel = (scanCode: string): Promise<CallResult<{ status: string }>> => call(cancelPost, '/api/v1/qr/cancel', post({ scan_code: scanCode }));
  const expectNotFound = (result: CallResult<unknown>): void => {
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ code: 1, msg: MSG_QR_NOT_FOUND, data: null });
  };

  // -------------------------------------------------------------------------------------------
  // init

  it.skipIf(skip)('WeChat init answers session_id and an SVG QR, and sets the qr_secret cookie (HttpOnly, Strict, /api/v1/qr, 120 s)', async () => {
    const result = await call<WechatInit>(wechatInit, '/api/v1/qr/wechat/init');
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['qrcode_url', 'sandbox_scan_url', 'session_id']);
    expect(result.body.data.session_id).toMatch(ID_SHAPE);
    expect(result.body.data.qrcode_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(result.body.data.qrcode_url.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    const cookie = result.headers.get('set-cookie')!;
    expect(cookie).toMatch(new RegExp(`^${QR_SECRET_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/api/v1/qr');
    expect(cookie).toContain('Max-Age=120');
    expect(cookie).not.toContain('Secure');
    const [row] = await db.select().from(qrSessions).where(eq(qrSessions.id, result.body.data.session_id));
    expect(row).toMatchObject({ platform: 'wechat', status: 'waiting', lastPolledAt: null, userId: null, redeemedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(QR_LIFETIME_MS);
    // Only the SHA-256 of the browser secret is stored.
    expect(row!.browserSecretHash).toBe(hashToken(secretOf(result)));
    expect(row!.scanCode).toMatch(ID_SHAPE);
    expect(row!.scanCode).not.toBe(row!.id);
  });

  it.skipIf(skip)('the cookie is Secure when the request came over https', async () => {
    const result = await call(wechatInit, '/api/v1/qr/wechat/init', { origin: 'https://zuhao.example' });
    expect(result.headers.get('set-cookie')).toContain('Secure');
  });

  it.skipIf(skip)('WeChat and QQ codes encode <origin>/sandbox/qr/<scan_code>, app codes <origin>/qr/app/<scan_code>', async () => {
    const now = new Date();
    const wechat = await createQrSession(db, { platform: 'wechat', origin: 'https://a.example' }, now);
    const qq = await createQrSession(db, { platform: 'qq', origin: 'https://a.example', fingerprint: 'x' }, now);
    const app = await createQrSession(db, { platform: 'app', origin: 'https://a.example', fingerprint: 'x' }, now);
    expect(wechat.scanUrl).toBe(`https://a.example/sandbox/qr/${wechat.scanCode}`);
    expect(qq.scanUrl).toBe(`https://a.example/sandbox/qr/${qq.scanCode}`);
    expect(app.scanUrl).toBe(`https://a.example/qr/app/${app.scanCode}`);
    for (const session of [wechat, qq, app]) {
      expect(session.id).toMatch(ID_SHAPE);
      expect(session.scanCode).toMatch(ID_SHAPE);
      expect(session.browserSecret).toMatch(ID_SHAPE);
    }
  });

  it.skipIf(skip)('QQ init needs the uid header (400 获取浏览器指纹失败), then answers qrImage and sessionId and keeps the fingerprint', async () => {
    const missing = await call(qqInit, '/api/v1/qr/qq/init');
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 1, msg: '获取浏览器指纹失败', data: null });
    expect(missing.headers.get('set-cookie')).toBeNull();

    const result = await call<QqInit>(qqInit, '/api/v1/qr/qq/init', { headers: { uid: 'fp-qq-1' } });
    expect(result.status).toBe(200);
    // spec §7 "GET init QQ login ... code 200"
    expect(result.body.code).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['qrImage', 'sandbox_scan_url', 'sessionId']);
    expect(result.body.data.sessionId).toMatch(ID_SHAPE);
    expect(result.body.data.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(result.headers.get('set-cookie')).toContain(`${QR_SECRET_COOKIE}=`);
    const [row] = await db.select().from(qrSessions).where(eq(qrSessions.id, result.body.data.sessionId));
    expect(row).toMatchObject({ platform: 'qq', fingerprint: 'fp-qq-1', status: 'waiting' });
  });

  it.skipIf(skip)('app generate answers qr_content (the phone page), qr_token and qr_image; a missing fingerprint is 400', async () => {
    const missing = await call(appGenerate, '/api/v1/qr/app/generate', post({}));
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('获取浏览器指纹失败');

    const result = await call<AppGenerate>(appGenerate, '/api/v1/qr/app/generate', post({ fingerprint: 'fp-app-1' }));
    expect(result.status).toBe(200);
    expect(Object.keys(result.body.data).sort()).toEqual(['qr_content', 'qr_image', 'qr_token', 'sandbox_scan_url']);
    expect(result.body.data.qr_content).toMatch(/^http:\/\/localhost\/qr\/app\/[A-Za-z0-9_-]{43}$/);
    expect(result.body.data.qr_token).toMatch(ID_SHAPE);
    expect(result.body.data.qr_image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(result.headers.get('set-cookie')).toContain('Path=/api/v1/qr');
  });

  it.skipIf(skip)('a second init in the same browser keeps its secret, so both codes stay pollable (two tabs)', async () => {
    const first = await call<WechatInit>(wechatInit, '/api/v1/qr/wechat/init');
    const secret = secretOf(first);
    const second = await call<QqInit>(qqInit, '/api/v1/qr/qq/init', { headers: { uid: 'fp' }, cookie: secret });
    expect(secretOf(second)).toBe(secret);
    expect((await wechatPoll(first.body.data.session_id, secret)).status).toBe(200);
    expect((await qqPoll(second.body.data.sessionId, secret)).status).toBe(200);
  });

  // -------------------------------------------------------------------------------------------
  // the browser secret

  it.skipIf(skip)('status without the cookie, with a wrong cookie, for an unknown id or on another platform is the same 404', async () => {
    const wechat = await newWechat();
    const other = await newWechat();
    expectNotFound(await wechatPoll(wechat.id, null));
    expectNotFound(await wechatPoll(wechat.id, other.secret === wechat.secret ? 'x'.repeat(43) : other.secret));
    expectNotFound(await wechatPoll('A'.repeat(43), wechat.secret));
    expectNotFound(await wechatPoll('not-an-id', wechat.secret));
    expectNotFound(await qqPoll(wechat.id, wechat.secret));
    expectNotFound(await appPoll(wechat.id, wechat.secret));
    expectNotFound(await appTokenOf(wechat.id, null));
    // None of those refused polls used up the poll slot of the real owner.
    const owner = await wechatPoll(wechat.id, wechat.secret);
    expect(owner.status).toBe(200);
    expect(owner.body.data).toEqual({ status: 'pending' });
  });

  it.skipIf(skip)('a missing sessionId is a 400 naming the field', async () => {
    const result = await call(wechatStatus, '/api/v1/qr/wechat/status');
    expect(result.status).toBe(400);
    expect(result.body.msg).toBe('缺少参数 sessionId');
  });

  // -------------------------------------------------------------------------------------------
  // scanned

  it.skipIf(skip)('scan marks the code scanned: QQ 1 → 2, WeChat stays pending, app pending → scanned', async () => {
    const qq = await newQq();
    const wechat = await newWechat();
    const app = await newApp();
    expect((await qqPoll(qq.id, qq.secret)).body.data).toEqual({ resultStatus: 1 });
    expect((await wechatPoll(wechat.id, wechat.secret)).body.data).toEqual({ status: 'pending' });
    expect((await appPoll(app.id, app.secret)).body.data).toEqual({ status: 'pending' });

    for (const session of [qq, wechat, app]) {
      const scanned = await scan(session.scanCode);
      expect(scanned.status).toBe(200);
      expect(scanned.body.data.status).toBe('scanned');
    }
    // Opening the page again is harmless.
    expect((await scan(qq.scanCode)).body.data).toEqual({ platform: 'qq', status: 'scanned' });

    tick(QR_POLL_APP_MS);
    const qqAnswer = await qqPoll(qq.id, qq.secret);
    expect(qqAnswer.body.data).toEqual({ resultStatus: 2 });
    expect(qqQrState(qqAnswer.body.data.resultStatus)).toBe('scanned');
    const wechatAnswer = await wechatPoll(wechat.id, wechat.secret);
    expect(wechatAnswer.body.data).toEqual({ status: 'pending' });
    expect(wechatQrState(wechatAnswer.body.data.status)).toBe('waiting');
    const appAnswer = await appPoll(app.id, app.secret);
    expect(appAnswer.body.data).toEqual({ status: 'scanned' });
    expect(appQrState(appAnswer.body.data.status)).toBe('scanned');
  });

  it.skipIf(skip)('scanning an unknown code is 404', async () => {
    expectNotFound(await scan('B'.repeat(43)));
    expectNotFound(await scan('short'));
  });

  // -------------------------------------------------------------------------------------------
  // sandbox confirmation (WeChat, QQ)

  it.skipIf(skip)('WeChat, demo identity: success hands out a working renter01 token once; the next poll gets 二维码已使用', async () => {
    const wechat = await newWechat();
    await scan(wechat.scanCode);
    const confirmed = await sandboxConfirm(wechat.scanCode, 'demo');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ status: 'logined', needs_bind: false });

    const success = await wechatPoll(wechat.id, wechat.secret);
    expect(success.status).toBe(200);
    expect(success.body.data.status).toBe('success');
    expect(wechatQrState(success.body.data.status)).toBe('logined');
    expect(success.body.data.register).toBeUndefined();
    const answer = success.body.data.token!;
    expect(answer.token.token).toMatch(ID_SHAPE);
    expect(answer.is_new_user).toBe(false);
    expect(answer.user).toMatchObject({ id: renterId, username: 'renter01', mobile: '138****0001' });
    expect(await resolveToken(db, answer.token.token, new Date())).toMatchObject({ ok: true, userId: renterId });

    const [identity] = await db
      .select()
      .from(thirdPartyIdentities)
      .where(and(eq(thirdPartyIdentities.provider, 'wechat'), eq(thirdPartyIdentities.openId, 'sandbox-wechat-renter01')));
    expect(identity?.userId).toBe(renterId);

    tick(QR_POLL_WECHAT_MS);
    const again = await wechatPoll(wechat.id, wechat.secret);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(MSG_QR_USED);
    expect(JSON.stringify(again.body)).not.toContain('"token"');
  });

  it.skipIf(skip)('the demo identity is linked once however often it is used', async () => {
    for (let i = 0; i < 2; i += 1) {
      const qq = await newQq();
      expect((await sandboxConfirm(qq.scanCode, 'demo')).status).toBe(200);
    }
    const rows = await db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.openId, 'sandbox-qq-renter01'));
    expect(rows).toHaveLength(1);
  });

  it.skipIf(skip)('QQ, demo identity: resultStatus 0 with resultToken, the token answer', async () => {
    const qq = await newQq();
    await scan(qq.scanCode);
    await sandboxConfirm(qq.scanCode, 'demo');
    const result = await qqPoll(qq.id, qq.secret);
    expect(result.body.data.resultStatus).toBe(0);
    expect(qqQrState(result.body.data.resultStatus)).toBe('logined');
    expect(result.body.data.resultToken?.user.username).toBe('renter01');
    expect(await resolveToken(db, result.body.data.resultToken!.token.token, new Date())).toMatchObject({ ok: true, userId: renterId });
  });

  it.skipIf(skip)('WeChat, new identity: a phone-less wx_ user, and register: true with a temp_token that binds but does not sign in', async () => {
    const wechat = await newWechat();
    const confirmed = await sandboxConfirm(wechat.scanCode, 'new');
    expect(confirmed.body.data).toEqual({ status: 'logined', needs_bind: true });

    const result = await wechatPoll(wechat.id, wechat.secret);
    expect(result.status).toBe(200);
    expect(result.body.data.status).toBe('success');
    expect(result.body.data.register).toBe(true);
    expect(result.body.data.token).toBeUndefined();
    const temp = result.body.data.temp_token!;
    expect(temp).toMatch(ID_SHAPE);

    const bind = await resolveToken(db, temp, new Date(), 'bind');
    expect(bind.ok).toBe(true);
    expect(await resolveToken(db, temp, new Date(), 'session')).toEqual({ ok: false, reason: 'unknown' });
    // spec §6 temp_token, BIND_TOKEN_LIFETIME_S: 10 minutes.
    expect(await resolveToken(db, temp, new Date(Date.now() + 600_000), 'bind')).toEqual({ ok: false, reason: 'expired' });

    if (!bind.ok) throw new Error('unreachable');
    const [user] = await db.select().from(users).where(eq(users.id, bind.userId));
    expect(user?.username).toMatch(/^wx_[a-z0-9]{8}$/);
    expect(user?.nickname).toMatch(/^微信用户[a-z0-9]{4}$/);
    expect(user?.mobile).toBeNull();
    expect(user?.passwordHash).toBeNull();
    const [identity] = await db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.userId, bind.userId));
    expect(identity?.provider).toBe('wechat');
    expect(identity?.openId).toMatch(/^sandbox-wechat-/);
  });

  it.skipIf(skip)('QQ, new identity: a qq_ user and temp_token beside resultStatus 0', async () => {
    const qq = await newQq();
    await sandboxConfirm(qq.scanCode, 'new');
    const result = await qqPoll(qq.id, qq.secret);
    expect(result.body.data.resultStatus).toBe(0);
    expect(result.body.data.resultToken).toBeUndefined();
    const bind = await resolveToken(db, result.body.data.temp_token!, new Date(), 'bind');
    if (!bind.ok) throw new Error('temp_token refused');
    const [user] = await db.select().from(users).where(eq(users.id, bind.userId));
    expect(user?.username).toMatch(/^qq_[a-z0-9]{8}$/);
    expect(user?.nickname).toMatch(/^QQ用户[a-z0-9]{4}$/);
  });

  it.skipIf(skip)('a code can be confirmed only once; the sandbox cannot confirm an app code (404)', async () => {
    const wechat = await newWechat();
    expect((await sandboxConfirm(wechat.scanCode, 'demo')).status).toBe(200);
    const twice = await sandboxConfirm(wechat.scanCode, 'new');
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe(MSG_QR_INVALID);
    const app = await newApp();
    expectNotFound(await sandboxConfirm(app.scanCode, 'demo'));
  });

  it.skipIf(skip)('the sandbox confirm does not exist in production (404)', async () => {
    const wechat = await newWechat();
    replaceAppConfig(PRODUCTION_TEST_ENV);
    try {
      const result = await sandboxConfirm(wechat.scanCode, 'demo');
      expect(result.status).toBe(404);
      expect(result.body.msg).toBe('接口不存在');
    } finally {
      replaceAppConfig(null);
    }
    const [row] = await db.select({ status: qrSessions.status }).from(qrSessions).where(eq(qrSessions.id, wechat.id));
    expect(row?.status).toBe('waiting');
  });

  it.skipIf(skip)('init names the sandbox scan page outside production only', async () => {
    const dev = await call<WechatInit & { sandbox_scan_url?: string }>(wechatInit, '/api/v1/qr/wechat/init');
    expect(dev.body.data.sandbox_scan_url).toMatch(/^http:\/\/localhost\/sandbox\/qr\/[A-Za-z0-9_-]{43}$/);
    replaceAppConfig(PRODUCTION_TEST_ENV);
    try {
      const prod = await call<WechatInit & { sandbox_scan_url?: string }>(wechatInit, '/api/v1/qr/wechat/init');
      expect(prod.status).toBe(200);
      expect(prod.body.data).not.toHaveProperty('sandbox_scan_url');
    } finally {
      replaceAppConfig(null);
    }
  });

  // -------------------------------------------------------------------------------------------
  // app confirmation

  it.skipIf(skip)('app: confirm needs a Bearer token (401); then status is confirmed and the token endpoint answers once', async () => {
    const app = await newApp();
    expect((await scan(app.scanCode)).status).toBe(200);

    const early = await appTokenOf(app.id, app.secret);
    expect(early.status).toBe(400);
    expect(early.body.msg).toBe(MSG_QR_NOT_CONFIRMED);

    const anonymous = await call(appConfirm, '/api/v1/qr/app/confirm', post({ scan_code: app.scanCode }));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');

    const phone = await issueToken(db, renterId, { now: new Date() });
    const confirmed = await call(appConfirm, '/api/v1/qr/app/confirm', post({ scan_code: app.scanCode }, { authorization: `Bearer ${phone.token}` }));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ status: 'logined' });

    const status = await appPoll(app.id, app.secret);
    expect(status.body.data).toEqual({ status: 'confirmed' });
    expect(appQrState(status.body.data.status)).toBe('logined');
    // Polling the status never hands out the token.
    expect(JSON.stringify(status.body)).not.toContain('token');

    expectNotFound(await appTokenOf(app.id, null));
    const first = await appTokenOf(app.id, app.secret);
    expect(first.status).toBe(200);
    expect(first.body.data.user.id).toBe(renterId);
    expect(first.body.data.token.token).not.toBe(phone.token);
    expect(await resolveToken(db, first.body.data.token.token, new Date())).toMatchObject({ ok: true, userId: renterId });

    const second = await appTokenOf(app.id, app.secret);
    expect(second.status).toBe(400);
    expect(second.body.msg).toBe(MSG_QR_USED);
  });

  it.skipIf(skip)('app confirm on a WeChat code is 404', async () => {
    const wechat = await newWechat();
    const phone = await issueToken(db, renterId, { now: new Date() });
    expectNotFound(await call(appConfirm, '/api/v1/qr/app/confirm', post({ scan_code: wechat.scanCode }, { authorization: `Bearer ${phone.token}` })));
  });

  // -------------------------------------------------------------------------------------------
  // cancel

  it.skipIf(skip)('cancel: WeChat cancelled, QQ 3, app cancelled; a cancelled code cannot be confirmed', async () => {
    const wechat = await newWechat();
    const qq = await newQq();
    const app = await newApp();
    for (const session of [wechat, qq, app]) {
      await scan(session.scanCode);
      const result = await cancel(session.scanCode);
      expect(result.status).toBe(200);
      expect(result.body.data).toEqual({ status: 'cancelled' });
    }
    expect((await cancel(qq.scanCode)).status).toBe(200);
    expect((await wechatPoll(wechat.id, wechat.secret)).body.data).toEqual({ status: 'cancelled' });
    expect((await qqPoll(qq.id, qq.secret)).body.data).toEqual({ resultStatus: 3 });
    expect((await appPoll(app.id, app.secret)).body.data).toEqual({ status: 'cancelled' });

    const late = await sandboxConfirm(wechat.scanCode, 'demo');
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe(MSG_QR_INVALID);
  });

  it.skipIf(skip)('a confirmed code cannot be cancelled any more', async () => {
    const qq = await newQq();
    await sandboxConfirm(qq.scanCode, 'demo');
    const result = await cancel(qq.scanCode);
    expect(result.status).toBe(400);
    expect(result.body.msg).toBe(MSG_QR_INVALID);
  });

  // -------------------------------------------------------------------------------------------
  // expiry

  it.skipIf(skip)('a code is expired from 60 s on (written to the row) and can then be neither scanned nor confirmed', async () => {
    const now = new Date();
    const session = await createQrSession(db, { platform: 'wechat', origin: 'http://localhost' }, now);
    // 300 ms apart, so the second poll is not refused as too quick.
    const justBefore = new Date(now.getTime() + QR_LIFETIME_MS - 300);
    expect(await pollQrSession(db, { id: session.id, browserSecret: session.browserSecret, platform: 'wechat' }, justBefore)).toEqual({
      state: 'waiting',
      due: null,
    });
    const atSixty = new Date(now.getTime() + QR_LIFETIME_MS);
    expect(await pollQrSession(db, { id: session.id, browserSecret: session.browserSecret, platform: 'wechat' }, atSixty)).toEqual({
      state: 'expired',
      due: null,
    });
    const [row] = await db.select({ status: qrSessions.status }).from(qrSessions).where(eq(qrSessions.id, session.id));
    expect(row?.status).toBe('expired');

    await expect(markScanned(db, { scanCode: session.scanCode }, atSixty)).rejects.toMatchObject({ httpStatus: 400, message: MSG_QR_INVALID });
    await expect(confirmSandbox(db, { scanCode: session.scanCode, identity: 'demo' }, atSixty)).rejects.toMatchObject({
      httpStatus: 400,
      message: MSG_QR_INVALID,
    });
  });

  it.skipIf(skip)('through the endpoints: WeChat answers expired and QQ 5 once 60 s have passed; the scan and confirm calls say 二维码已失效', async () => {
    const wechat = await newWechat();
    const qq = await newQq();
    tick(QR_LIFETIME_MS);
    expect((await wechatPoll(wechat.id, wechat.secret)).body.data).toEqual({ status: 'expired' });
    const qqResult = await qqPoll(qq.id, qq.secret);
    expect(qqResult.body.data).toEqual({ resultStatus: 5 });
    expect(qqQrState(qqResult.body.data.resultStatus)).toBe('expired');
    const lateScan = await scan(qq.scanCode);
    expect(lateScan.status).toBe(400);
    expect(lateScan.body.msg).toBe(MSG_QR_INVALID);
    expect((await sandboxConfirm(wechat.scanCode, 'demo')).body.msg).toBe(MSG_QR_INVALID);
  });

  it.skipIf(skip)('an unpolled code expires by itself for the phone too: confirming after 60 s writes expired', async () => {
    const app = await newApp();
    tick(QR_LIFETIME_MS + 1);
    const phone = await issueToken(db, renterId, { now: new Date() });
    const late = await call(appConfirm, '/api/v1/qr/app/confirm', post({ scan_code: app.scanCode }, { authorization: `Bearer ${phone.token}` }));
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe(MSG_QR_INVALID);
    const [row] = await db.select({ status: qrSessions.status }).from(qrSessions).where(eq(qrSessions.id, app.id));
    expect(row?.status).toBe('expired');
  });

  // -------------------------------------------------------------------------------------------
  // polling rate

  it.skipIf(skip)('polling sooner than half the interval is 429 with Retry-After; at half the interval it is fine', async () => {
    const wechat = await newWechat();
    expect((await wechatPoll(wechat.id, wechat.secret)).status).toBe(200);
    tick(QR_POLL_WECHAT_MS / 2 - 1);
    const tooSoon = await wechatPoll(wechat.id, wechat.secret);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.headers.get('retry-after')).toBe('1');
    expect(tooSoon.body.data).toEqual({ retry_after: 1, retry_after_ms: 1 });
    tick(1);
    expect((await wechatPoll(wechat.id, wechat.secret)).status).toBe(200);

    const app = await newApp();
    expect((await appPoll(app.id, app.secret)).status).toBe(200);
    tick(QR_POLL_APP_MS / 2 - 100);
    const appTooSoon = await appPoll(app.id, app.secret);
    expect(appTooSoon.status).toBe(429);
    expect(appTooSoon.body.data).toEqual({ retry_after: 1, retry_after_ms: 100 });
    tick(100);
    expect((await appPoll(app.id, app.secret)).status).toBe(200);
  });

  it.skipIf(skip)('ten concurrent polls of a confirmed code: exactly one answers, with the one token; nine get 429', async () => {
    const wechat = await newWechat();
    await sandboxConfirm(wechat.scanCode, 'demo');
    const results = await Promise.all(Array.from({ length: 10 }, () => wechatPoll(wechat.id, wechat.secret)));
    const answered = results.filter((result) => result.status !== 429);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.body.data.token?.user.id).toBe(renterId);
    expect(results.filter((result) => result.status === 429)).toHaveLength(9);
  });

  it.skipIf(skip)('ten concurrent redeems of one confirmed code: one token, nine 二维码已使用', async () => {
    const now = new Date();
    const session = await createQrSession(db, { platform: 'qq', origin: 'http://localhost', fingerprint: 'fp' }, now);
    await confirmSandbox(db, { scanCode: session.scanCode, identity: 'demo' }, now);
    const settled = await Promise.allSettled(
      Array.from({ length: 10 }, () => redeemQrSession(db, { id: session.id, browserSecret: session.browserSecret }, now, 'vitest')),
    );
    const won = settled.filter((outcome) => outcome.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const outcome of settled) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ httpStatus: 400, message: MSG_QR_USED });
    }
  });

  // -------------------------------------------------------------------------------------------
  // methods

  it.skipIf(skip)('other methods get 405 naming the allowed one', async () => {
    const initOther = await call(wechatInitOther, '/api/v1/qr/wechat/init', { method: 'POST' });
    expect(initOther.status).toBe(405);
    expect(initOther.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const scanGet = await call(scanOther, '/api/v1/qr/scan');
    expect(scanGet.status).toBe(405);
    expect(scanGet.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
