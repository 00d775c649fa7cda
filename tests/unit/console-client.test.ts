/**
 * The console's flavour of the HTTP client core (platform/client/console.ts): calls go to
 * /api/v1/ops on the page's own origin with no token or system headers (the operator's HttpOnly
 * cookie authenticates them), and answers and failures come back as the site's client gives them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { route, type NoInput } from '~/platform/wire/route';
import { envelope, jsonResponse, okResponse, sentRequest, stubFetch, type FetchMock } from './api-helpers';

let fetchMock: FetchMock;
let console_: typeof import('~/platform/client/console');

beforeEach(async () => {
  vi.resetModules();
  fetchMock = stubFetch();
  console_ = await import('~/platform/client/console');
});
afterEach(() => vi.unstubAllGlobals());

describe('the console client', () => {
  it('GETs /api/v1/ops<path> with the query, and no Authorization or system header', async () => {
    fetchMock.mockImplementation(async () => okResponse({ total: 1 }));
    await expect(console_.opsGet('/users', { q: '张三', page: 2 })).resolves.toEqual({ total: 1 });
    const sent = sentRequest(fetchMock);
    const url = new URL(sent.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/ops/users');
    expect(url.searchParams.get('q')).toBe('张三');
    expect(sent.headers.get('authorization')).toBeNull();
    expect(sent.headers.get('x-system')).toBeNull();
  });

  it('POSTs a JSON body and unwraps the envelope; a business failure is an ApiError with its msg and code', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(envelope(null, 1, '无权进行此操作')));
    const failure = await console_.opsPost('/users/ban', { user_id: 3 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ApiError', kind: 'business', code: 1, msg: '无权进行此操作' });
    expect(sentRequest(fetchMock).method).toBe('POST');
  });

  it('an HTTP failure with an envelope carries the server\'s msg and status; a dead network says so', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse(envelope(null, 1, '未登录'), 404));
    await expect(console_.opsGet('/orders')).rejects.toMatchObject({ kind: 'http', httpStatus: 404, msg: '未登录' });
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(console_.opsGet('/orders')).rejects.toMatchObject({ kind: 'network', msg: '网络连接失败，请检查网络后重试' });
  });
});

/** Routes shaped like the console's (features/console/routes.ts): paths under /ops. */
const ROUTES = {
  search: route.get<{ shop_id: number; q?: string; page?: number; tags?: string[]; open?: boolean }, { total: number }>('/ops/shops/:shop_id/listings'),
  decide: route.post<{ id: number; decision: 'pay' | 'refuse'; reason?: string }, { id: number }>('/ops/withdrawals/:id/decide'),
  logout: route.post<NoInput, null>('/ops/auth/logout'),
  upload: route.post<FormData, { id: number }>('/ops/campaigns/ads/upload'),
};

describe('callConsole and uploadConsole: the console calls a declared route', () => {
  it('a GET fills the path parameters and sends the rest as the form query', async () => {
    fetchMock.mockImplementation(async () => okResponse({ total: 3 }));
    await expect(console_.callConsole(ROUTES.search, { shop_id: 12, q: '张 三', page: 2, tags: ['a', 'b'], open: false })).resolves.toEqual({ total: 3 });
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('GET');
    expect(sent.url.startsWith('/api/v1/ops/shops/12/listings?')).toBe(true);
    const url = new URL(sent.url, 'http://x');
    expect(url.pathname).toBe('/api/v1/ops/shops/12/listings');
    expect(url.searchParams.get('shop_id')).toBeNull();
    expect(url.searchParams.get('q')).toBe('张 三');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.getAll('tags')).toEqual(['a', 'b']);
    expect(url.searchParams.get('open')).toBe('false');
    expect(sent.body).toBeUndefined();
    expect(sent.headers.get('authorization')).toBeNull();
  });

  it('a GET with nothing but path parameters has no query; a path parameter is URI-encoded', async () => {
    fetchMock.mockImplementation(async () => okResponse({ total: 0 }));
    await console_.callConsole(ROUTES.search, { shop_id: 7 });
    expect(sentRequest(fetchMock).url).toBe('/api/v1/ops/shops/7/listings');
    await console_.callConsole(ROUTES.decide, { id: 'a/b' as unknown as number, decision: 'pay' });
    expect(sentRequest(fetchMock).url).toBe('/api/v1/ops/withdrawals/a%2Fb/decide');
  });

  it('a POST sends the rest as its JSON body, without the path parameters, and no body when nothing is left', async () => {
    fetchMock.mockImplementation(async () => okResponse({ id: 9 }));
    await expect(console_.callConsole(ROUTES.decide, { id: 9, decision: 'refuse', reason: '实名不符' })).resolves.toEqual({ id: 9 });
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v1/ops/withdrawals/9/decide');
    expect(JSON.parse(String(sent.body))).toEqual({ decision: 'refuse', reason: '实名不符' });
    expect(sent.headers.get('content-type')).toMatch(/^application\/json/);

    fetchMock.mockImplementation(async () => okResponse(null));
    await expect(console_.callConsole(ROUTES.logout, {})).resolves.toBeNull();
    expect(sentRequest(fetchMock).method).toBe('POST');
    expect(sentRequest(fetchMock).url).toBe('/api/v1/ops/auth/logout');
    expect(sentRequest(fetchMock).body).toBeUndefined();
  });

  it('a failure comes back as the same ApiError as the older helpers give', async () => {
    fetchMock.mockImplementationOnce(async () => jsonResponse(envelope(null, 1, '无权进行此操作'), 403));
    await expect(console_.callConsole(ROUTES.decide, { id: 1, decision: 'pay' })).rejects.toMatchObject({ name: 'ApiError', kind: 'http', httpStatus: 403, msg: '无权进行此操作' });
  });

  it('uploadConsole POSTs the form itself to the route\'s path, leaving the boundary to the browser', async () => {
    fetchMock.mockImplementation(async () => okResponse({ id: 4 }));
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(console_.uploadConsole(ROUTES.upload, form)).resolves.toEqual({ id: 4 });
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v1/ops/campaigns/ads/upload');
    expect(sent.body).toBe(form);
    expect(sent.headers.get('content-type')).toBeNull();
  });

  it('stays on the page\'s own origin even when the page names another API host', async () => {
    vi.resetModules();
    const meta = { content: 'https://api.example.com/' };
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector === 'meta[name="api-base"]' ? meta : null) });
    const fresh = await import('~/platform/client/console');
    fetchMock.mockImplementation(async () => okResponse({ id: 1 }));
    await fresh.callConsole(ROUTES.decide, { id: 1, decision: 'pay' });
    expect(sentRequest(fetchMock).url).toBe('/api/v1/ops/withdrawals/1/decide');
    await fresh.uploadConsole(ROUTES.upload, new FormData());
    expect(sentRequest(fetchMock).url).toBe('/api/v1/ops/campaigns/ads/upload');
  });
});
