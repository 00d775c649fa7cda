/**
 * The real sign-in adapters against local fakes that speak each provider's published protocol on
 * 127.0.0.1 (docs/providers-sign-in.md "What the fakes prove"):
 * - Aliyun SMS SendSms: the fake recomputes the v1 HMAC-SHA1 signature with the test's secret
 *   (its own implementation, not the adapter's) and answers Code OK or a refusal;
 * - WeChat website login and QQ Connect: the authorize URL, the callback with code and state, the
 *   code exchange (single-use codes, like the real ones), and the polling that finishes the login;
 * plus the configuration problems table. The fakes count their calls, so a refusal that must not
 * reach the provider (unknown state, replay, expired session) is seen not to.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIContext, APIRoute } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QR_LIFETIME_MS, QR_SECRET_COOKIE } from '~/features/sign-in/constants';
import { QR_SCAN_RESULT_TEXT } from '~/features/sign-in/rules/qr-login';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { outboxMessages, qrSessions, thirdPartyIdentities, users, verificationCodes } from '~/platform/db/schema';
import { replaceAppConfig } from '~/platform/config/config';
import { AppError } from '~/platform/http/errors';
import { log } from '~/platform/config/log';
import { SIGN_IN_CONFIG_SHAPE, readSignInConfig, signInProviderProblems, signInSandboxPorts, type SignInConfig } from '~/platform/providers/sign-in-config';
import { createSignInProviders, setSignInProviders } from '~/platform/providers/sign-in-providers';
import { MSG_QR_INVALID, MSG_QR_NOT_FOUND, MSG_THIRD_PARTY_REFUSED, qrScanPage, qrSecretFromRequest } from '~/features/sign-in/server/qr-login';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { MSG_CODE_SEND_FAILED, MSG_EMAIL_UNAVAILABLE, checkVerificationCode, sendEmailResetCode, sendVerificationCode } from '~/features/sign-in/server/verification-codes';
import { sendSecurityNotices } from '~/features/account/server/reauth';
import { GET as wechatInit } from '~/pages/api/v1/qr/wechat/init';
import { GET as wechatStatus } from '~/pages/api/v1/qr/wechat/status';
import { GET as wechatCallback } from '~/pages/api/v1/qr/wechat/callback';
import { GET as qqInit } from '~/pages/api/v1/qr/qq/init';
import { GET as qqStatus } from '~/pages/api/v1/qr/qq/status';
import { GET as qqCallback } from '~/pages/api/v1/qr/qq/callback';
import { POST as sandboxConfirmPost } from '~/pages/api/v1/qr/sandbox/confirm';
import { TEST_DRIVERS } from './drivers';
import { callRoute, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';

// ---------------------------------------------------------------------------------------------
// a tiny fake-provider server

interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

interface Fake {
  base: string;
  calls: FakeCall[];
  close(): Promise<void>;
}

async function startFake(answer: (call: FakeCall, res: ServerResponse) => void): Promise<Fake> {
  const calls: FakeCall[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const call = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: Buffer.concat(chunks).toString('utf8') };
      calls.push(call);
      answer(call, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

// ---------------------------------------------------------------------------------------------
// Aliyun's signature, written here from the published description, not taken from the adapter

const ALIYUN_KEY_ID = 'LTAI-test-key';
const ALIYUN_SECRET = 'test-secret/with+odd*chars~';
const ALIYUN_SIGN_NAME = '租号平台';
const ALIYUN_TEMPLATE = 'SMS_100000001';

/** RFC 3986: everything but A-Z a-z 0-9 - _ . ~ as %XX of its UTF-8 bytes. */
function rfc3986(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedAliyunSignature(method: string, params: URLSearchParams, secret: string): string {
  const pairs = [...params.entries()].filter(([key]) => key !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = pairs.map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`).join('&');
  const stringToSign = `${method}&${rfc3986('/')}&${rfc3986(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Phones whose SendSms the fake refuses with Aliyun's flow-control code. */
const LIMITED_PHONE = '13900000099';

function aliyunFake(): Promise<Fake> {
  return startFake((call, res) => {
    const params = new URLSearchParams(call.body);
    if (call.method !== 'POST' || call.path !== '/') return json(res, 404, { Code: 'InvalidAction.NotFound' });
    if (params.get('Signature') !== expectedAliyunSignature('POST', params, ALIYUN_SECRET)) {
      return json(res, 400, { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.', RequestId: 'R-SIG' });
    }
    if (params.get('AccessKeyId') !== ALIYUN_KEY_ID) return json(res, 404, { Code: 'InvalidAccessKeyId.NotFound', RequestId: 'R-KEY' });
    if (params.get('PhoneNumbers') === LIMITED_PHONE) {
      return json(res, 200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5', RequestId: 'R-LIMIT' });
    }
    return json(res, 200, { Code: 'OK', Message: 'OK', RequestId: 'R-OK', BizId: '900000000000000000^0' });
  });
}

// ---------------------------------------------------------------------------------------------
// WeChat and QQ OAuth fakes: codes are single-use, as the real ones are

const WX_APP_ID = 'wx_test_app';
const WX_SECRET = 'wx_test_secret';
const QQ_APP_ID = '101000001';
const QQ_APP_KEY = 'qq_test_key';

interface OauthUser {
  openid: string;
  unionid?: string;
  /** QQ only: the app the token was minted for (default ours). */
  clientId?: string;
}

function wechatFake(codes: Map<string, OauthUser>): Promise<Fake> {
  const used = new Set<string>();
  return startFake((call, res) => {
    const q = call.query;
    if (call.path !== '/sns/oauth2/access_token') return json(res, 404, { errcode: 404, errmsg: 'not found' });
    if (q.get('appid') !== WX_APP_ID || q.get('secret') !== WX_SECRET) return json(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' });
    if (q.get('grant_type') !== 'authorization_code') return json(res, 200, { errcode: 40002, errmsg: 'invalid grant_type' });
    const code = q.get('code') ?? '';
    const user = codes.get(code);
    if (!user) return json(res, 200, { errcode: 40029, errmsg: 'invalid code' });
    if (used.has(code)) return json(res, 200, { errcode: 40163, errmsg: 'code been used' });
    used.add(code);
    return json(res, 200, {
      access_token: `AT-${code}`,
      expires_in: 7200,
      refresh_token: `RT-${code}`,
      openid: user.openid,
      scope: 'snsapi_login',
      ...(user.unionid ? { unionid: user.unionid } : {}),
    });
  });
}

function qqFake(codes: Map<string, OauthUser>, redirectUri: string): Promise<Fake> {
  const used = new Set<string>();
  const tokens = new Map<string, OauthUser>();
  return startFake((call, res) => {
    const q = call.query;
    if (q.get('fmt') !== 'json') return json(res, 400, { error: 100000, error_description: 'fmt' });
    if (call.path === '/oauth2.0/token') {
      if (q.get('client_id') !== QQ_APP_ID || q.get('client_secret') !== QQ_APP_KEY) return json(res, 200, { error: 100013, error_description: 'client' });
      if (q.get('grant_type') !== 'authorization_code') return json(res, 200, { error: 100009, error_description: 'grant_type' });
      if (q.get('redirect_uri') !== redirectUri) return json(res, 200, { error: 100010, error_description: 'redirect uri is illegal' });
      const code = q.get('code') ?? '';
      const user = codes.get(code);
      if (!user || used.has(code)) return json(res, 200, { error: 100019, error_description: 'code to access token error' });
      used.add(code);
      const token = `QAT-${code}`;
      tokens.set(token, user);
      return json(res, 200, { access_token: token, expires_in: 7776000, refresh_token: `QRT-${code}` });
    }
    if (call.path === '/oauth2.0/me') {
      const user = tokens.get(q.get('access_token') ?? '');
      if (!user) return json(res, 200, { error: 100016, error_description: 'access token check failed' });
      return json(res, 200, { client_id: user.clientId ?? QQ_APP_ID, openid: user.openid });
    }
    return json(res, 404, { error: 404, error_description: 'not found' });
  });
}

// ---------------------------------------------------------------------------------------------
// configuration

describe('sign-in provider configuration', () => {
  const aliyun: Partial<SignInConfig> = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: 'sign',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  };
  const table: { name: string; config: Partial<SignInConfig>; problems: string[] }[] = [
    { name: 'nothing set: every port on its sandbox', config: {}, problems: [] },
    { name: 'sandboxes named explicitly', config: { SMS_PROVIDER: 'sandbox', WECHAT_LOGIN_PROVIDER: 'sandbox', QQ_LOGIN_PROVIDER: 'sandbox' }, problems: [] },
    { name: 'Aliyun SMS complete', config: aliyun, problems: [] },
    {
      name: 'Aliyun SMS chosen with nothing else',
      config: { SMS_PROVIDER: 'aliyun' },
      problems: [
        'ALIYUN_SMS_ACCESS_KEY_ID is required when SMS_PROVIDER=aliyun',
        'ALIYUN_SMS_ACCESS_KEY_SECRET is required when SMS_PROVIDER=aliyun',
        'ALIYUN_SMS_SIGN_NAME is required when SMS_PROVIDER=aliyun',
        'ALIYUN_SMS_TEMPLATE_CODE is required when SMS_PROVIDER=aliyun',
      ],
    },
    {
      name: 'Aliyun SMS without its template',
      config: { ...aliyun, ALIYUN_SMS_TEMPLATE_CODE: undefined },
      problems: ['ALIYUN_SMS_TEMPLATE_CODE is required when SMS_PROVIDER=aliyun'],
    },
    {
      name: 'Aliyun keys given but SMS left on the sandbox',
      config: { ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret' },
      problems: ['ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET set but SMS_PROVIDER is not aliyun; set SMS_PROVIDER=aliyun or remove them'],
    },
    {
      name: 'WeChat login without its secret',
      config: { WECHAT_LOGIN_PROVIDER: 'wechat', WECHAT_LOGIN_APP_ID: WX_APP_ID },
      problems: ['WECHAT_LOGIN_APP_SECRET is required when WECHAT_LOGIN_PROVIDER=wechat'],
    },
    {
      name: 'QQ login with nothing else',
      config: { QQ_LOGIN_PROVIDER: 'qq' },
      problems: ['QQ_LOGIN_APP_ID is required when QQ_LOGIN_PROVIDER=qq', 'QQ_LOGIN_APP_KEY is required when QQ_LOGIN_PROVIDER=qq'],
    },
    { name: 'QQ login complete', config: { QQ_LOGIN_PROVIDER: 'qq', QQ_LOGIN_APP_ID: QQ_APP_ID, QQ_LOGIN_APP_KEY: QQ_APP_KEY }, problems: [] },
  ];

  it.each(table)('$name', ({ config, problems }) => {
    expect(signInProviderProblems(config)).toEqual(problems);
  });

  it('the registry refuses a half-configured adapter, naming what is missing', () => {
    expect(() => createSignInProviders({ QQ_LOGIN_PROVIDER: 'qq', QQ_LOGIN_APP_ID: QQ_APP_ID })).toThrow(/QQ_LOGIN_APP_KEY is required/);
  });

  it('the sandbox ports are listed, for production to refuse or allow knowingly', () => {
    expect(signInSandboxPorts({})).toEqual(['sms', 'email', 'captcha', 'wechat-login', 'qq-login']);
    expect(signInSandboxPorts({ ...aliyun, EMAIL_PROVIDER: 'disabled', WECHAT_LOGIN_PROVIDER: 'wechat', QQ_LOGIN_PROVIDER: 'qq' })).toEqual(['captcha']);
  });

  it('reads only its own variables, empty ones as unset, and refuses a base URL that is not http(s)', () => {
    expect(readSignInConfig({ SMS_PROVIDER: '', PATH: '/bin', QQ_LOGIN_BASE_URL: 'http://127.0.0.1:9/' })).toEqual({ QQ_LOGIN_BASE_URL: 'http://127.0.0.1:9' });
    expect(() => readSignInConfig({ ALIYUN_SMS_ENDPOINT: 'ftp://x.example' })).toThrow();
    // The shape is a plain object of optional fields, for config.ts to spread into its schema.
    for (const field of Object.values(SIGN_IN_CONFIG_SHAPE)) expect(field.safeParse(undefined).success).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// against the database

/** Calls a route whose answer is HTML (the OAuth callback pages). */
async function callPage(route: APIRoute, path: string): Promise<{ status: number; headers: Headers; text: string }> {
  const request = new Request(`http://localhost${path}`);
  const context = { request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext;
  const response = await route(context);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function secretOf(result: CallResult<unknown>): string {
  const setCookie = result.headers.get('set-cookie') ?? '';
  const secret = qrSecretFromRequest(new Request('http://localhost/', { headers: { cookie: setCookie.split(';', 1)[0]! } }));
  if (!secret) throw new Error(`no ${QR_SECRET_COOKIE} in ${setCookie}`);
  return secret;
}

const tick = (ms: number): void => {
  vi.setSystemTime(Date.now() + ms);
};

describe.each(TEST_DRIVERS)('sign-in adapters on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  let renterId: number;
  let sms: Fake;
  let wechat: Fake;
  let qq: Fake;
  const wxCodes = new Map<string, OauthUser>();
  const qqCodes = new Map<string, OauthUser>();

  const liveConfig = (): Partial<SignInConfig> => ({
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: ALIYUN_KEY_ID,
    ALIYUN_SMS_ACCESS_KEY_SECRET: ALIYUN_SECRET,
    ALIYUN_SMS_SIGN_NAME: ALIYUN_SIGN_NAME,
    ALIYUN_SMS_TEMPLATE_CODE: ALIYUN_TEMPLATE,
    ALIYUN_SMS_ENDPOINT: sms.base,
    WECHAT_LOGIN_PROVIDER: 'wechat',
    WECHAT_LOGIN_APP_ID: WX_APP_ID,
    WECHAT_LOGIN_APP_SECRET: WX_SECRET,
    WECHAT_LOGIN_OPEN_BASE_URL: 'https://open.weixin.example',
    WECHAT_LOGIN_API_BASE_URL: wechat.base,
    QQ_LOGIN_PROVIDER: 'qq',
    QQ_LOGIN_APP_ID: QQ_APP_ID,
    QQ_LOGIN_APP_KEY: QQ_APP_KEY,
    QQ_LOGIN_BASE_URL: qq.base,
  });

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'renter01'));
    renterId = row!.id;
    sms = await aliyunFake();
    wechat = await wechatFake(wxCodes);
    qq = await qqFake(qqCodes, 'http://localhost/api/v1/qr/qq/callback');
  }, 120_000);

  afterAll(async () => {
    setSignInProviders(null);
    suiteContext.db = null;
    await Promise.all([sms?.close(), wechat?.close(), qq?.close()]);
    await testDb?.close();
  });

  beforeEach(() => {
    if (skip) return;
    setSignInProviders(createSignInProviders(liveConfig()));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    setSignInProviders(null);
  });

  // -------------------------------------------------------------------------------------------
  // Aliyun SMS

  it.skipIf(skip)('an SMS code goes to Aliyun SendSms, signed with the secret, and the code it carried checks', async () => {
    const phone = '13900000001';
    const before = sms.calls.length;
    await sendVerificationCode(db, { channel: 'sms', recipient: phone, action: 'login', ip: '203.0.113.1' }, new Date());
    expect(sms.calls.length).toBe(before + 1);
    const params = new URLSearchParams(sms.calls.at(-1)!.body);
    expect(Object.fromEntries([...params].filter(([key]) => !['Signature', 'SignatureNonce', 'TemplateParam'].includes(key)))).toEqual({
      AccessKeyId: ALIYUN_KEY_ID,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Timestamp: '2026-03-01T08:00:00Z',
      Version: '2017-05-25',
      PhoneNumbers: phone,
      SignName: ALIYUN_SIGN_NAME,
      TemplateCode: ALIYUN_TEMPLATE,
    });
    // Accepted by the fake means the signature matched its own computation.
    expect(params.get('Signature')).toBe(expectedAliyunSignature('POST', params, ALIYUN_SECRET));
    const { code } = JSON.parse(params.get('TemplateParam')!) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    // The real provider delivered it: nothing in the sandbox outbox.
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone))).toEqual([]);
    await checkVerificationCode(db, { channel: 'sms', recipient: phone, action: 'login', code }, new Date());
  });

  it.skipIf(skip)('a refusal (non-OK Code) is 503 验证码发送失败, logged by its Code and never by the message or code', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const error = await sendVerificationCode(db, { channel: 'sms', recipient: LIMITED_PHONE, action: 'login', ip: '203.0.113.2' }, new Date()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(503);
    expect((error as AppError).message).toBe(MSG_CODE_SEND_FAILED);
    const { code } = JSON.parse(new URLSearchParams(sms.calls.at(-1)!.body).get('TemplateParam')!) as { code: string };
    expect(warn).toHaveBeenCalledWith('aliyun sms refused', expect.objectContaining({ providerCode: 'isv.BUSINESS_LIMIT_CONTROL', providerRequestId: 'R-LIMIT' }));
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('触发');
  });

  it.skipIf(skip)('an account-security notice goes out through the notice template with ${time} and ${change}; without one it is not sent and only logged', async () => {
    const phone = '13900000009';
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const before = sms.calls.length;
    await sendSecurityNotices(db, { mobile: phone, email: null }, 'password', new Date());
    expect(sms.calls.length).toBe(before);
    expect(warn).toHaveBeenCalledWith('security notice not sent', expect.objectContaining({ channel: 'sms', err: expect.stringContaining('NO_NOTICE_TEMPLATE') }));

    setSignInProviders(createSignInProviders({ ...liveConfig(), ALIYUN_SMS_NOTICE_TEMPLATE_CODE: 'SMS_100000002' }));
    await sendSecurityNotices(db, { mobile: phone, email: null }, 'password', new Date());
    expect(sms.calls.length).toBe(before + 1);
    const params = new URLSearchParams(sms.calls.at(-1)!.body);
    expect(params.get('TemplateCode')).toBe('SMS_100000002');
    expect(params.get('PhoneNumbers')).toBe(phone);
    expect(JSON.parse(params.get('TemplateParam')!)).toEqual({ time: '2026-03-01 16:00', change: '修改了登录密码' });
    expect(params.get('Signature')).toBe(expectedAliyunSignature('POST', params, ALIYUN_SECRET));
  });

  it.skipIf(skip)('a wrong secret is refused by the fake as SignatureDoesNotMatch', async () => {
    setSignInProviders(createSignInProviders({ ...liveConfig(), ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' }));
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    await expect(sendVerificationCode(db, { channel: 'sms', recipient: '13900000002', action: 'login', ip: '203.0.113.3' }, new Date())).rejects.toMatchObject({
      httpStatus: 503,
    });
    expect(warn).toHaveBeenCalledWith('aliyun sms refused', expect.objectContaining({ providerCode: 'SignatureDoesNotMatch', status: 400 }));
  });

  it.skipIf(skip)('email stays on the sandbox outbox by default, and EMAIL_PROVIDER=disabled refuses every address alike', async () => {
    await sendEmailResetCode(db, { email: 'renter01@example.com', ip: '203.0.113.4' }, new Date());
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'renter01@example.com'));
    expect(message?.channel).toBe('email');

    setSignInProviders(createSignInProviders({ EMAIL_PROVIDER: 'disabled' }));
    for (const email of ['renter01@example.com', 'nobody@example.com']) {
      await expect(sendEmailResetCode(db, { email, ip: '203.0.113.5' }, new Date())).rejects.toMatchObject({ httpStatus: 503, message: MSG_EMAIL_UNAVAILABLE });
    }
    const codes = await db.select().from(verificationCodes).where(and(eq(verificationCodes.recipient, 'nobody@example.com')));
    expect(codes).toEqual([]);
  });

  // -------------------------------------------------------------------------------------------
  // WeChat website login

  interface WechatInit {
    session_id: string;
    qrcode_url: string;
    authorize_url?: string;
    sandbox_scan_url?: string;
  }
  interface WechatStatus {
    status: string;
    token?: SignInAnswer;
    register?: boolean;
    temp_token?: string;
  }

  async function newWechat(): Promise<{ id: string; secret: string; state: string; authorizeUrl: URL }> {
    const result = await callRoute<WechatInit>(wechatInit, '/api/v1/qr/wechat/init');
    expect(result.status).toBe(200);
    const authorizeUrl = new URL(result.body.data.authorize_url!);
    return { id: result.body.data.session_id, secret: secretOf(result), state: authorizeUrl.searchParams.get('state')!, authorizeUrl };
  }
  const wechatPoll = (id: string, secret: string): Promise<CallResult<WechatStatus>> =>
    callRoute<WechatStatus>(wechatStatus, `/api/v1/qr/wechat/status?sessionId=${id}`, { cookie: `${QR_SECRET_COOKIE}=${secret}` });
  const wechatBack = (query: string): ReturnType<typeof callPage> => callPage(wechatCallback, `/api/v1/qr/wechat/callback?${query}`);

  it.skipIf(skip)('WeChat init answers the qrconnect page for the session: appid, our callback, snsapi_login, state = the scan code', async () => {
    const session = await newWechat();
    const url = session.authorizeUrl;
    expect(`${url.origin}${url.pathname}`).toBe('https://open.weixin.example/connect/qrconnect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: WX_APP_ID,
      redirect_uri: 'http://localhost/api/v1/qr/wechat/callback',
      response_type: 'code',
      scope: 'snsapi_login',
      state: session.state,
    });
    expect(url.hash).toBe('#wechat_redirect');
    const [row] = await db.select().from(qrSessions).where(eq(qrSessions.id, session.id));
    expect(row!.scanCode).toBe(session.state);
  });

  it.skipIf(skip)('the callback named to WeChat is built from PUBLIC_BASE_URL when set, never from the request Host', async () => {
    replaceAppConfig({ PUBLIC_BASE_URL: 'https://zuhao.example' });
    try {
      const result = await callRoute<WechatInit>(wechatInit, '/api/v1/qr/wechat/init', { origin: 'http://attacker.example' });
      expect(new URL(result.body.data.authorize_url!).searchParams.get('redirect_uri')).toBe('https://zuhao.example/api/v1/qr/wechat/callback');
    } finally {
      replaceAppConfig(null);
    }
  });

  it.skipIf(skip)('a first-time WeChat user: the callback trades the code, the poll hands out a temp_token for /bind', async () => {
    wxCodes.set('wx-code-new', { openid: 'oWX_first_time_user_00000001', unionid: 'uWX_1' });
    const session = await newWechat();
    expect((await wechatPoll(session.id, session.secret)).body.data.status).toBe('pending');
    const page = await wechatBack(`code=wx-code-new&state=${session.state}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(QR_SCAN_RESULT_TEXT.confirmed);
    expect(page.text).not.toContain('第三方登录失败');
    expect(page.text).not.toContain('http-equiv="refresh"');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    tick(600);
    const polled = await wechatPoll(session.id, session.secret);
    expect(polled.body.data).toMatchObject({ status: 'success', register: true });
    expect(polled.body.data.temp_token).toEqual(expect.any(String));
    const [identity] = await db
      .select({ userId: thirdPartyIdentities.userId })
      .from(thirdPartyIdentities)
      .where(and(eq(thirdPartyIdentities.provider, 'wechat'), eq(thirdPartyIdentities.openId, 'oWX_first_time_user_00000001')));
    const [user] = await db.select({ username: users.username, mobile: users.mobile }).from(users).where(eq(users.id, identity!.userId));
    expect(user!.username).toMatch(/^wx_[a-z0-9]{8}$/);
    expect(user!.mobile).toBeNull();
  });

  it.skipIf(skip)('a WeChat identity linked to renter01 signs in as renter01 with a token', async () => {
    const now = new Date();
    await db.insert(thirdPartyIdentities).values({ provider: 'wechat', openId: 'oWX_renter01', userId: renterId, createdAt: now });
    wxCodes.set('wx-code-renter', { openid: 'oWX_renter01' });
    const session = await newWechat();
    expect((await wechatBack(`code=wx-code-renter&state=${session.state}`)).status).toBe(200);
    const polled = await wechatPoll(session.id, session.secret);
    expect(polled.body.data.status).toBe('success');
    expect(polled.body.data.token?.user).toMatchObject({ username: 'renter01' });
  });

  it.skipIf(skip)('a code WeChat refuses is 400 授权失败 and marks the session error; the browser sees error', async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const session = await newWechat();
    const page = await wechatBack(`code=made-up-code&state=${session.state}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain(MSG_THIRD_PARTY_REFUSED);
    expect(warn).toHaveBeenCalledWith('third-party login refused', { provider: 'wechat', providerCode: '40029' });
    expect((await wechatPoll(session.id, session.secret)).body.data.status).toBe('error');
  });

  it.skipIf(skip)('a state that names no session is 404 and WeChat is never asked', async () => {
    wxCodes.set('wx-code-stray', { openid: 'oWX_stray' });
    const before = wechat.calls.length;
    for (const state of ['A'.repeat(43), 'not-even-our-shape', '']) {
      const page = await wechatBack(`code=wx-code-stray&state=${state}`);
      expect(page.status).toBe(404);
      expect(page.text).toContain(MSG_QR_NOT_FOUND);
    }
    expect(wechat.calls.length).toBe(before);
  });

  it.skipIf(skip)('a replayed callback is refused (二维码已失效) before WeChat is asked again', async () => {
    wxCodes.set('wx-code-replay', { openid: 'oWX_replay' });
    const session = await newWechat();
    expect((await wechatBack(`code=wx-code-replay&state=${session.state}`)).status).toBe(200);
    const before = wechat.calls.length;
    const again = await wechatBack(`code=wx-code-replay&state=${session.state}`);
    expect(again.status).toBe(400);
    expect(again.text).toContain(MSG_QR_INVALID);
    // spec §8: 第三方登录失败, then home.
    expect(again.text).toContain('<p role="alert" style="font-weight:bold">第三方登录失败</p>');
    expect(again.text).toContain('<meta http-equiv="refresh" content="3;url=/">');
    expect(wechat.calls.length).toBe(before);
  });

  it.skipIf(skip)('a callback after the 60 s life is refused (二维码已失效), the session reads expired and WeChat is not asked', async () => {
    wxCodes.set('wx-code-late', { openid: 'oWX_late' });
    const session = await newWechat();
    tick(QR_LIFETIME_MS);
    const before = wechat.calls.length;
    const page = await wechatBack(`code=wx-code-late&state=${session.state}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain(MSG_QR_INVALID);
    expect(wechat.calls.length).toBe(before);
    const [row] = await db.select({ status: qrSessions.status }).from(qrSessions).where(eq(qrSessions.id, session.id));
    expect(row!.status).toBe('expired');
  });

  it.skipIf(skip)('no code (the user refused on WeChat) cancels the session', async () => {
    const session = await newWechat();
    const page = await wechatBack(`state=${session.state}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(QR_SCAN_RESULT_TEXT.cancelled);
    expect((await wechatPoll(session.id, session.secret)).body.data.status).toBe('cancelled');
  });

  it.skipIf(skip)('with live login there is no sandbox confirm, and the QQ callback does not take a WeChat state', async () => {
    const session = await newWechat();
    expect(await qrScanPage(db, session.state, 'third-party', new Date())).toEqual({ open: false, text: MSG_QR_INVALID, invalid: true });
    const confirm = await callRoute(sandboxConfirmPost, '/api/v1/qr/sandbox/confirm', { method: 'POST', body: { scan_code: session.state, identity: 'demo' } });
    expect(confirm.status).toBe(404);
    const before = qq.calls.length;
    expect((await callPage(qqCallback, `/api/v1/qr/qq/callback?code=x&state=${session.state}`)).status).toBe(404);
    expect(qq.calls.length).toBe(before);
  });

  // -------------------------------------------------------------------------------------------
  // QQ Connect

  interface QqInit {
    qrImage: string;
    sessionId: string;
    authorize_url?: string;
  }
  interface QqStatus {
    resultStatus: number;
    resultToken?: SignInAnswer;
    temp_token?: string;
  }

  async function newQq(): Promise<{ id: string; secret: string; state: string; authorizeUrl: URL }> {
    const result = await callRoute<QqInit>(qqInit, '/api/v1/qr/qq/init', { headers: { uid: 'fp-qq-live' } });
    expect(result.status).toBe(200);
    const authorizeUrl = new URL(result.body.data.authorize_url!);
    return { id: result.body.data.sessionId, secret: secretOf(result), state: authorizeUrl.searchParams.get('state')!, authorizeUrl };
  }
  const qqPoll = (id: string, secret: string): Promise<CallResult<QqStatus>> =>
    callRoute<QqStatus>(qqStatus, `/api/v1/qr/qq/status?sessionId=${id}`, { cookie: `${QR_SECRET_COOKIE}=${secret}` });
  const qqBack = (query: string): ReturnType<typeof callPage> => callPage(qqCallback, `/api/v1/qr/qq/callback?${query}`);

  it.skipIf(skip)('QQ: authorize URL, code → token → me → open id, and the poll finishes the login', async () => {
    qqCodes.set('qq-code-new', { openid: 'QQ0123456789ABCDEF0123456789ABCD' });
    const session = await newQq();
    expect(`${session.authorizeUrl.origin}${session.authorizeUrl.pathname}`).toBe(`${qq.base}/oauth2.0/authorize`);
    expect(Object.fromEntries(session.authorizeUrl.searchParams)).toEqual({
      response_type: 'code',
      client_id: QQ_APP_ID,
      redirect_uri: 'http://localhost/api/v1/qr/qq/callback',
      state: session.state,
    });
    const page = await qqBack(`code=qq-code-new&state=${session.state}`);
    expect(page.status).toBe(200);
    expect(qq.calls.slice(-2).map((c) => c.path)).toEqual(['/oauth2.0/token', '/oauth2.0/me']);
    const polled = await qqPoll(session.id, session.secret);
    expect(polled.body.data.resultStatus).toBe(0);
    expect(polled.body.data.temp_token).toEqual(expect.any(String));
    const [identity] = await db
      .select()
      .from(thirdPartyIdentities)
      .where(and(eq(thirdPartyIdentities.provider, 'qq'), eq(thirdPartyIdentities.openId, 'QQ0123456789ABCDEF0123456789ABCD')));
    expect(identity).toBeDefined();
  });

  it.skipIf(skip)('QQ: a wrong code, and a token minted for another app, are refused; the session reads error (6)', async () => {
    vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    const wrong = await newQq();
    expect((await qqBack(`code=nope&state=${wrong.state}`)).status).toBe(400);
    expect((await qqPoll(wrong.id, wrong.secret)).body.data.resultStatus).toBe(6);

    qqCodes.set('qq-code-other-app', { openid: 'QQ_OTHER_APP_USER', clientId: '999' });
    const other = await newQq();
    const page = await qqBack(`code=qq-code-other-app&state=${other.state}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain(MSG_THIRD_PARTY_REFUSED);
    expect(await db.select().from(thirdPartyIdentities).where(eq(thirdPartyIdentities.openId, 'QQ_OTHER_APP_USER'))).toEqual([]);
  });

  it.skipIf(skip)('QQ: a replayed callback and an expired session are refused without asking QQ', async () => {
    qqCodes.set('qq-code-once', { openid: 'QQ_ONCE_USER' });
    const session = await newQq();
    expect((await qqBack(`code=qq-code-once&state=${session.state}`)).status).toBe(200);
    const before = qq.calls.length;
    expect((await qqBack(`code=qq-code-once&state=${session.state}`)).status).toBe(400);
    const late = await newQq();
    tick(QR_LIFETIME_MS + 1);
    expect((await qqBack(`code=qq-code-once&state=${late.state}`)).status).toBe(400);
    expect(qq.calls.length).toBe(before);
  });

  // -------------------------------------------------------------------------------------------
  // sandbox defaults stay as they were

  it.skipIf(skip)('with no configuration the QR still encodes the sandbox confirm page and no authorize_url is answered', async () => {
    setSignInProviders(createSignInProviders({}));
    const result = await callRoute<WechatInit>(wechatInit, '/api/v1/qr/wechat/init');
    expect(Object.keys(result.body.data).sort()).toEqual(['qrcode_url', 'sandbox_scan_url', 'session_id']);
    expect(result.body.data.sandbox_scan_url).toMatch(/^http:\/\/localhost\/sandbox\/qr\/[A-Za-z0-9_-]{43}$/);
    // And the callback is no way in while the provider is on its sandbox.
    const state = result.body.data.sandbox_scan_url!.split('/').pop()!;
    expect((await wechatBack(`code=x&state=${state}`)).status).toBe(404);
  });
});
