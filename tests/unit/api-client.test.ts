import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  envelope,
  freshToken,
  hangUntilAborted,
  jsonResponse,
  memoryStorage,
  okResponse,
  renter,
  sentRequest,
  stubFetch,
  type FetchMock,
} from './api-helpers';

// Fresh modules per test: the client keeps its 401 count, parked queue and base URL in module
// state, and the stores are module singletons.
let api: typeof import('~/platform/client');
let auth: typeof import('~/platform/stores/auth');
let ui: typeof import('~/platform/stores/ui');
let fetchMock: FetchMock;

const UNAUTHORIZED_TEXT = '未登录或登录状态已过期,请重新登录';

beforeEach(async () => {
  vi.resetModules();
  fetchMock = stubFetch();
  api = await import('~/platform/client');
  auth = await import('~/platform/stores/auth');
  ui = await import('~/platform/stores/ui');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const toastTexts = (): string[] => ui.$toasts.get().map((toast) => toast.text);
const errorToasts = (): string[] => ui.$toasts.get().filter((toast) => toast.kind === 'error').map((t) => t.text);

async function rejection(promise: Promise<unknown>): Promise<import('~/platform/client').ApiError> {
  const outcome = await promise.then(
    () => ({ resolved: true as const }),
    (error: unknown) => ({ resolved: false as const, error }),
  );
  if (outcome.resolved) throw new Error('expected the call to reject');
  expect(api.isApiError(outcome.error)).toBe(true);
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as import('~/platform/client').ApiError;
}

function logInAs(token: string, user: import('~/platform/stores/auth').UserInfo | null = renter): void {
  auth.setLogin(freshToken(token), user);
}

describe('envelope {code, msg, data} (spec §7)', () => {
  it('code 0 resolves with data', async () => {
    fetchMock.mockResolvedValueOnce(okResponse({ list: [1, 2] }));
    await expect(api.apiGet<{ list: number[] }>('/things')).resolves.toEqual({ list: [1, 2] });
    expect(toastTexts()).toEqual([]);
  });

  it('a nonzero code shows msg as an error and rejects with an ApiError carrying code, msg, httpStatus and data', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(envelope({ account_id: 9 }, -400, '账号已删除')));
    const error = await rejection(api.apiGet('/detail', { account_id: 9 }));
    expect(error).toMatchObject({ kind: 'business', code: -400, msg: '账号已删除', httpStatus: 200, data: { account_id: 9 } });
    expect(error.message).toBe('账号已删除');
    expect(error.cause).toEqual(envelope({ account_id: 9 }, -400, '账号已删除'));
    expect(errorToasts()).toEqual(['账号已删除']);
  });

  it('a nonzero code without msg still shows something and rejects', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 1, msg: '', data: null }));
    const error = await rejection(api.apiPost('/x'));
    expect(error.code).toBe(1);
    expect(errorToasts()).toEqual(['请求失败（code 1）']);
  });

  it('omitAllCode resolves with the raw body without checking code', async () => {
    const body = { code: 200, msg: 'qq says ok', data: { qrImage: 'x' } };
    fetchMock.mockResolvedValueOnce(jsonResponse(body));
    await expect(api.apiGet('/qq/init', undefined, { omitAllCode: true })).resolves.toEqual(body);
    expect(toastTexts()).toEqual([]);
  });

  it('a route with its own success code (spec §7 QQ init: code 200) resolves with data on that code, and fails on 0', async () => {
    const { call } = await import('~/platform/client/client');
    const qqInit = { method: 'GET', path: '/qr/qq/init', successCode: 200 } as const;
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 200, msg: 'ok', data: { qrImage: 'x', sessionId: 's' } }));
    await expect(call(qqInit)).resolves.toEqual({ qrImage: 'x', sessionId: 's' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 0, msg: '', data: null }));
    expect((await rejection(call(qqInit))).code).toBe(0);
  });

  it('omitAllCode returns a body that is not an envelope (e.g. a plain array)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([{ id: 1, title: '王者荣耀' }]));
    await expect(api.apiGet('https://cdn.example.com/games.json', undefined, { omitAllCode: true })).resolves.toEqual([
      { id: 1, title: '王者荣耀' },
    ]);
  });

  it('a 2xx body that is not an envelope is shown and rejected as a format error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy page</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await rejection(api.apiGet('/health'));
    expect(error).toMatchObject({ kind: 'format', httpStatus: 200, data: '<html>proxy page</html>' });
    expect(errorToasts()).toEqual(['服务器返回的数据格式有误']);
  });
});

describe('URLs: API_PREFIX-relative paths on a configurable host (spec §7)', () => {
  it('prefixes /api/v1 on the page origin by default', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/health');
    expect(sentRequest(fetchMock).url).toBe('/api/v1/health');
  });

  it('configureApi({ baseURL }) sends the same paths to another host', async () => {
    api.configureApi({ baseURL: 'https://api.example.com/' });
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('health');
    expect(sentRequest(fetchMock).url).toBe('https://api.example.com/api/v1/health');
  });

  it('does not prefix a path that already starts with /api/v1', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/api/v1/notifications/unread', { is_today: true });
    expect(sentRequest(fetchMock).url).toBe('/api/v1/notifications/unread?is_today=true');
  });

  it('sends absolute http(s) and protocol-relative URLs as they are', async () => {
    api.configureApi({ baseURL: 'https://api.example.com' });
    fetchMock.mockResolvedValue(okResponse(null));
    await api.apiGet('https://cdn.example.com/a.json');
    expect(sentRequest(fetchMock).url).toBe('https://cdn.example.com/a.json');
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('//cdn.example.com/b.json');
    expect(sentRequest(fetchMock).url).toBe('//cdn.example.com/b.json');
  });
});

describe('GET form-encoded query, POST JSON (spec §7)', () => {
  it('GET encodes params as a form query: arrays repeat the key, space is +, Chinese is UTF-8, null and undefined are dropped', async () => {
    fetchMock.mockResolvedValueOnce(okResponse([]));
    await api.apiGet('/zuhao/list', {
      ids: [1, 2],
      keyword: '王者 荣耀',
      symbols: 'a&b=c',
      is_today: true,
      page: 1,
      empty: '',
      skipped: undefined,
      none: null,
    });
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('GET');
    expect(sent.url).toBe(
      '/api/v1/zuhao/list?ids=1&ids=2&keyword=%E7%8E%8B%E8%80%85+%E8%8D%A3%E8%80%80&symbols=a%26b%3Dc&is_today=true&page=1&empty=',
    );
    expect(sent.body).toBeUndefined();
  });

  it('GET appends params to a path that already has a query', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/help/list?type=1', { page: 2 });
    expect(sentRequest(fetchMock).url).toBe('/api/v1/help/list?type=1&page=2');
  });

  it('GET without params sends no query string', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/wallets', {});
    expect(sentRequest(fetchMock).url).toBe('/api/v1/wallets');
  });

  it('POST sends the body as JSON with content-type application/json', async () => {
    fetchMock.mockResolvedValueOnce(okResponse({ token: 't' }));
    await api.apiPost('/login/mobile', { mobile: '13800138000', code: '123456', tags: ['a'] });
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v1/login/mobile');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent.body as string)).toEqual({ mobile: '13800138000', code: '123456', tags: ['a'] });
  });

  it('POST without a body (logout) sends none', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiPost('/logout');
    expect(sentRequest(fetchMock).body).toBeUndefined();
  });
});

describe('headers (spec §6)', () => {
  it('sends the stored token as Authorization: Bearer', async () => {
    logInAs('tok-123');
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/user/info');
    expect(sentRequest(fetchMock).headers.get('authorization')).toBe('Bearer tok-123');
  });

  it('sends no Authorization when logged out or the token has expired', async () => {
    fetchMock.mockResolvedValue(okResponse(null));
    await api.apiGet('/a');
    expect(sentRequest(fetchMock).headers.has('authorization')).toBe(false);
    auth.setLogin({ token: 'old', expires_time: Math.floor(Date.now() / 1000) - 1 }, renter);
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/b');
    expect(sentRequest(fetchMock).headers.has('authorization')).toBe(false);
  });

  it('noToken sends no Authorization header even when logged in', async () => {
    logInAs('tok-123');
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/getSign', undefined, { noToken: true });
    expect(sentRequest(fetchMock).headers.has('authorization')).toBe(false);
  });

  it('tempToken is sent as the Bearer instead of the stored token', async () => {
    logInAs('tok-123');
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiPost('/bind/phone', { mobile: '13800138000' }, { tempToken: 'temp-9' });
    expect(sentRequest(fetchMock).headers.get('authorization')).toBe('Bearer temp-9');
  });

  it('sends X-System: web and X-Session-Id, the 32-char id kept in sessionStorage onlyuser', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    fetchMock.mockImplementation(async () => okResponse(null));
    await api.apiGet('/a');
    await api.apiPost('/b', {});
    const first = sentRequest(fetchMock, 0).headers;
    const second = sentRequest(fetchMock, 1).headers;
    expect(first.get('x-system')).toBe('web');
    expect(first.get('x-session-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(first.get('x-session-id')).toBe(storage.getItem('onlyuser'));
    expect(second.get('x-session-id')).toBe(first.get('x-session-id'));
  });

  it('without sessionStorage (the server) sends X-System but omits X-Session-Id', async () => {
    fetchMock.mockResolvedValueOnce(okResponse(null));
    await api.apiGet('/a');
    const headers = sentRequest(fetchMock).headers;
    expect(headers.get('x-system')).toBe('web');
    expect(headers.has('x-session-id')).toBe(false);
  });

  it('pure sends neither the system header nor the stored token', async () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    logInAs('tok-123');
    fetchMock.mockResolvedValueOnce(jsonResponse([]));
    await api.apiGet('https://cdn.example.com/games.json', undefined, { pure: true, omitAllCode: true });
    const headers = sentRequest(fetchMock).headers;
    expect([...headers.keys()]).toEqual([]);
  });

  it('caller headers are sent alongside ours', async () => {
    fetchMock.mockResolvedValueOnce(okResponse({ token: 't' }));
    await api.apiPost('/login', { username: 'u' }, { headers: { 'X-Sign': 's', 'X-Timestamp': '1', 'X-Nonce-Str': 'n' } });
    const headers = sentRequest(fetchMock).headers;
    expect(headers.get('x-sign')).toBe('s');
    expect(headers.get('x-timestamp')).toBe('1');
    expect(headers.get('x-nonce-str')).toBe('n');
    expect(headers.get('x-system')).toBe('web');
  });
});

describe('cancellation and timeout (spec §7, §8)', () => {
  it('a cancelled request is silent: it rejects with a cancelled ApiError and shows nothing', async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    const controller = new AbortController();
    const call = api.apiGet('/slow', undefined, { signal: controller.signal });
    controller.abort();
    const error = await rejection(call);
    expect(error.cancelled).toBe(true);
    expect(error.cause).toBeDefined();
    expect(toastTexts()).toEqual([]);
  });

  it('a request whose signal is already aborted is cancelled silently', async () => {
    fetchMock.mockImplementation(hangUntilAborted);
    const error = await rejection(api.apiGet('/slow', undefined, { signal: AbortSignal.abort() }));
    expect(error.cancelled).toBe(true);
    expect(toastTexts()).toEqual([]);
  });

  it('no answer within 30 s times out and shows 请求超时，请稍后重试', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation(hangUntilAborted);
    let settled = false;
    const call = api.apiGet('/slow');
    call.catch(() => undefined).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await rejection(call);
    expect(error).toMatchObject({ kind: 'timeout', timedOut: true, cancelled: false, httpStatus: undefined });
    expect(errorToasts()).toEqual(['请求超时，请稍后重试']);
  });

  it('the timeout also applies when the caller passes its own signal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation(hangUntilAborted);
    const call = api.apiGet('/slow', undefined, { signal: new AbortController().signal });
    call.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await rejection(call)).kind).toBe('timeout');
  });
});

describe('401 handling (spec §4, §8)', () => {
  const unauthorized = (): Response => jsonResponse(envelope(null, 401, 'token expired'), 401, 'Unauthorized');

  it('with pending: the request is parked, pending is called, and after login flushPendingAfterLogin re-runs it with the new token and resolves the original promise', async () => {
    logInAs('old-token');
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(okResponse({ order_status: 3 }));
    const pending = vi.fn();
    let settled = false;
    const call = api.apiGet<{ order_status: number }>('/order/info', { order_no: 'A1' }, { pending });
    void call.finally(() => (settled = true));

    await vi.waitFor(() => expect(pending).toHaveBeenCalledTimes(1));
    expect(api.isApiError(pending.mock.calls[0]![0])).toBe(true);
    expect(pending.mock.calls[0]![0]).toMatchObject({ httpStatus: 401 });
    expect(settled).toBe(false);
    expect(toastTexts()).toEqual([]);
    expect(auth.$auth.get().user).toEqual(renter); // not logged out: the login flow takes over

    logInAs('new-token');
    expect(api.flushPendingAfterLogin()).toBe(1);
    await expect(call).resolves.toEqual({ order_status: 3 });
    const retry = sentRequest(fetchMock, 1);
    expect(retry.url).toBe('/api/v1/order/info?order_no=A1');
    expect(retry.headers.get('authorization')).toBe('Bearer new-token');
    expect(api.flushPendingAfterLogin()).toBe(0);
  });

  it('with pending: a retry that fails rejects the original promise with its ApiError', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(jsonResponse(envelope(null, 1, '订单信息缺失')));
    const pending = vi.fn();
    const call = api.apiPost('/order/pay', { order_no: 'A1' }, { pending });
    await vi.waitFor(() => expect(pending).toHaveBeenCalled());
    api.flushPendingAfterLogin();
    expect((await rejection(call)).msg).toBe('订单信息缺失');
    expect(errorToasts()).toEqual(['订单信息缺失']);
  });

  it('dropPending rejects parked requests as cancelled and shows nothing', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized());
    const pending = vi.fn();
    const call = api.apiGet('/collect', undefined, { pending });
    await vi.waitFor(() => expect(pending).toHaveBeenCalled());
    expect(api.dropPending()).toBe(1);
    const error = await rejection(call);
    expect(error).toMatchObject({ cancelled: true, httpStatus: 401 });
    expect(toastTexts()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a pending callback that throws still leaves the request parked', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(okResponse('done'));
    const pending = vi.fn(() => {
      throw new Error('boom');
    });
    const call = api.apiGet('/x', undefined, { pending });
    await vi.waitFor(() => expect(pending).toHaveBeenCalled());
    api.flushPendingAfterLogin();
    await expect(call).resolves.toBe('done');
    consoleError.mockRestore();
  });

  it('without pending, with user info present: shows 未登录或登录状态已过期,请重新登录, logs out and opens the login dialog', async () => {
    logInAs('tok');
    fetchMock.mockResolvedValueOnce(unauthorized());
    const error = await rejection(api.apiGet('/user/info'));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 401, code: 401 });
    expect(errorToasts()).toEqual([UNAUTHORIZED_TEXT]);
    expect(auth.$auth.get()).toEqual({ token: null, user: null });
    expect(ui.$modal.get()).toEqual({ name: 'login', props: { mode: 'scan' } });
  });

  it('without pending and without user info: shows nothing, logs nothing out, opens nothing', async () => {
    auth.setLogin(freshToken('tok'), null);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 401 }));
    const error = await rejection(api.apiGet('/user/info'));
    expect(error).toMatchObject({ httpStatus: 401, msg: UNAUTHORIZED_TEXT });
    expect(toastTexts()).toEqual([]);
    expect(auth.$auth.get().token?.token).toBe('tok');
    expect(ui.$modal.get()).toBeNull();
  });

  it('is handled 3 times; the 4th 401 goes unhandled and resets the counter, so the 5th is handled again', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    const handled: boolean[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      logInAs('tok');
      ui.closeModal();
      await rejection(api.apiGet('/user/info'));
      handled.push(auth.$auth.get().user === null && ui.$modal.get()?.name === 'login');
    }
    expect(handled).toEqual([true, true, true, false, true]);
  });

  it('with pending, the 4th 401 in a row is not parked but rejected', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    const pending = vi.fn();
    const parked = [1, 2, 3].map(() => api.apiGet('/x', undefined, { pending }));
    await vi.waitFor(() => expect(pending).toHaveBeenCalledTimes(3));
    const fourth = await rejection(api.apiGet('/x', undefined, { pending }));
    expect(fourth).toMatchObject({ httpStatus: 401, cancelled: false });
    expect(pending).toHaveBeenCalledTimes(3);
    expect(api.dropPending()).toBe(3);
    for (const call of parked) expect((await rejection(call)).cancelled).toBe(true);
  });

  it('a login (flushPendingAfterLogin) starts a fresh 401 count', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    const handled: boolean[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      if (attempt === 3) api.flushPendingAfterLogin();
      logInAs('tok');
      await rejection(api.apiGet('/user/info'));
      handled.push(auth.$auth.get().user === null);
    }
    expect(handled).toEqual([true, true, true, true, true]);
  });
});

describe('other HTTP errors (spec §8)', () => {
  it('303 shows the server msg', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(envelope(null, 303, '请先完成实名认证'), 303, 'See Other'));
    const error = await rejection(api.apiPost('/order/create', { id: 1 }));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 303, code: 303, msg: '请先完成实名认证' });
    expect(error.cause).toBeInstanceOf(Error);
    expect(errorToasts()).toEqual(['请先完成实名认证']);
  });

  it('502 shows 服务器出错 whatever the body says, and is not retried', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await rejection(api.apiGet('/home'));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 502, msg: '服务器出错', data: '<html>Bad Gateway</html>' });
    expect(errorToasts()).toEqual(['服务器出错']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('another status with an envelope body shows the server msg', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(envelope({ field: 'mobile' }, 1, '请输入正确的手机号码'), 400, 'Bad Request'));
    const error = await rejection(api.apiPost('/sms/send', { mobile: '1' }));
    expect(error).toMatchObject({ httpStatus: 400, code: 1, msg: '请输入正确的手机号码', data: { field: 'mobile' } });
    expect(errorToasts()).toEqual(['请输入正确的手机号码']);
  });

  it('another status without an envelope shows its own message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    const error = await rejection(api.apiGet('/home'));
    expect(error).toMatchObject({ httpStatus: 500, code: 1, msg: '请求失败（HTTP 500）' });
    expect(error.cause).toBeDefined();
    expect(errorToasts()).toEqual(['请求失败（HTTP 500）']);
  });

  it('no response at all shows a network message and rejects with an ApiError whose cause is the fetch failure', async () => {
    const failure = new TypeError('fetch failed');
    fetchMock.mockRejectedValueOnce(failure);
    const error = await rejection(api.apiGet('/home'));
    expect(error).toMatchObject({ kind: 'network', httpStatus: undefined });
    expect((error.cause as Error).cause).toBe(failure); // ofetch's FetchError wraps the original
    expect(errorToasts()).toEqual(['网络连接失败，请检查网络后重试']);
  });
});

describe('API host from the page', () => {
  it('uses <meta name="api-base"> when the page names one (PUBLIC_API_BASE)', async () => {
    vi.resetModules();
    const meta = { content: 'https://api.example.com/' };
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === 'meta[name="api-base"]' ? meta : null) });
    try {
      const { resolveUrl } = await import('~/platform/client/client');
      expect(resolveUrl('/health')).toBe('https://api.example.com/api/v1/health');
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
