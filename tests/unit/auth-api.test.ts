import { constants, createHmac, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshToken, jsonResponse, okResponse, renter, sentRequest, stubFetch, type FetchMock } from './api-helpers';

// Fresh modules per test: the client and the stores keep module state.
let authApi: typeof import('~/features/sign-in/client/auth');
let api: typeof import('~/platform/client');
let auth: typeof import('~/platform/stores/auth');
let session: typeof import('~/features/sign-in/session');
let ui: typeof import('~/platform/stores/ui');
let fetchMock: FetchMock;

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const challenge = { public_key: keys.publicKey, key_id: 'k1', sign: 'ab'.repeat(32), timestamp: 1_767_225_600, nonce_str: 'n'.repeat(32) };
// One token for the file: two freshToken() calls could straddle a second and differ.
const TOKEN = freshToken('tok');
const answer = (isNew = false): unknown => ({ token: TOKEN, is_new_user: isNew, user: renter });

beforeEach(async () => {
  vi.resetModules();
  fetchMock = stubFetch();
  api = await import('~/platform/client');
  authApi = await import('~/features/sign-in/client/auth');
  auth = await import('~/platform/stores/auth');
  session = await import('~/features/sign-in/session');
  ui = await import('~/platform/stores/ui');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('signed POST (docs/sign-in-api.md)', () => {
  it('login sends exactly the signed text, the three headers, an encrypted password and no token', async () => {
    auth.setLogin(freshToken('old-session'), renter);
    fetchMock.mockResolvedValueOnce(okResponse(challenge)).mockResolvedValueOnce(okResponse(answer()));

    const result = await authApi.login({ username: '用户01', password: 'Passw0rd_', fingerprint: 'fp' });
    expect(result).toEqual(answer());

    expect(sentRequest(fetchMock, 0).url).toBe('/api/v1/common/getSign');
    const sent = sentRequest(fetchMock, 1);
    expect(sent.url).toBe('/api/v1/common/login');
    expect(typeof sent.body).toBe('string');
    const text = sent.body as string;
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(sent.headers.get('X-Timestamp')).toBe(String(challenge.timestamp));
    expect(sent.headers.get('X-Nonce-Str')).toBe(challenge.nonce_str);
    const expectedSign = createHmac('sha256', challenge.sign).update(`${challenge.timestamp}\n${challenge.nonce_str}\n${text}`).digest('hex');
    expect(sent.headers.get('X-Sign')).toBe(expectedSign);
    expect(sent.headers.has('Authorization')).toBe(false);

    const body = JSON.parse(text) as Record<string, string>;
    expect(body).toMatchObject({ username: '用户01', fingerprint: 'fp' });
    expect(body).not.toHaveProperty('verify_key');
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.password!, 'base64'),
    );
    expect(JSON.parse(plain.toString('utf8'))).toEqual({ password: 'Passw0rd_', challenge: challenge.nonce_str, ts: challenge.timestamp });
  });

  it('a -410 rejects with that code and the client shows the server msg', async () => {
    fetchMock
      .mockResolvedValueOnce(okResponse(challenge))
      .mockResolvedValueOnce(jsonResponse({ code: -410, msg: '密码错误超过3次，请验证', data: null }, 400));
    await expect(authApi.login({ username: 'u', password: 'Passw0rd_', fingerprint: 'fp' })).rejects.toMatchObject({ code: -410 });
    expect(ui.$toasts.get().map((t) => t.text)).toEqual(['密码错误超过3次，请验证']);
  });

  it('register carries the invite only when given', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(challenge)).mockResolvedValueOnce(okResponse(answer(true)));
    await authApi.register({ mobile: '13800138000', password: 'Passw0rd_', code: '123456', invite: 'ABC', fingerprint: 'fp' });
    expect(JSON.parse(sentRequest(fetchMock, 1).body as string)).toMatchObject({ mobile: '13800138000', code: '123456', invite: 'ABC' });
  });
});

describe('completeLogin (spec §4/§8)', () => {
  it('stores the session, says 登录成功！, closes the modal and re-runs a request parked by a 401', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 401, msg: 'no', data: null }, 401)).mockResolvedValueOnce(okResponse({ ok: 1 }));
    const parked = api.apiGet('/account/profile', undefined, { pending: () => ui.openLogin('phone') });
    await vi.waitFor(() => expect(ui.$modal.get()?.name).toBe('login'));

    session.completeLogin(answer() as import('~/features/sign-in/session').LoginAnswer);

    expect(auth.$auth.get().token?.token).toBe('tok');
    expect(ui.$modal.get()).toBeNull();
    expect(ui.$toasts.get().map((t) => t.text)).toContain('登录成功！');
    await expect(parked).resolves.toEqual({ ok: 1 });
    expect(sentRequest(fetchMock, 1).headers.get('Authorization')).toBe('Bearer tok');
  });

  it('a new user gets the red-envelope popup 0.8 s later, an old one never', () => {
    vi.useFakeTimers();
    session.completeLogin(answer(true) as import('~/features/sign-in/session').LoginAnswer);
    vi.advanceTimersByTime(799);
    expect(ui.$modal.get()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(ui.$modal.get()?.name).toBe('redPacket');

    ui.closeModal();
    session.completeLogin(answer(false) as import('~/features/sign-in/session').LoginAnswer);
    vi.advanceTimersByTime(5000);
    expect(ui.$modal.get()).toBeNull();
  });
});

describe('signOut (spec §7 POST logout)', () => {
  it('ends the session in this browser at once, then asks the server to revoke that token', async () => {
    const token = freshToken('leaving');
    auth.setLogin(token, renter);
    fetchMock.mockResolvedValueOnce(okResponse(null));

    auth.signOut();
    expect(auth.$auth.get()).toEqual({ token: null, user: null });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const sent = sentRequest(fetchMock, 0);
    expect(sent.url).toBe('/api/v1/common/logout');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${token.token}`);
  });

  it('stays silent when the server already forgot the token (401)', async () => {
    auth.setLogin(freshToken('stale'), renter);
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 1, msg: '未登录或登录状态已过期,请重新登录', data: null }), { status: 401 }));
    auth.signOut();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ui.$toasts.get()).toEqual([]);
    expect(ui.$modal.get()).toBeNull();
  });

  it('without a session sends nothing', async () => {
    auth.signOut();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
