/**
 * The console's flavour of the HTTP client core (platform/client/console.ts): calls go to
 * /api/v1/ops on the page's own origin with no token or system headers (the operator's HttpOnly
 * cookie authenticates them), and answers and failures come back as the site's client gives them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
