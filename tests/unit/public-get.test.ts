// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callPublic } from '~/platform/client/public-get';
import { route } from '~/platform/wire/route';

const LOOKING = route.get<{ account_id: number }, { look_count: number }>('/detail/looking');

// Issue 12: the detail page's look counter reads a public endpoint without the API client.

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('callPublic', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('calls the API prefix with the query, on the host the page names, and returns data', async () => {
    document.head.innerHTML = '<meta name="api-base" content="https://api.example.test/">';
    const fetchMock = vi.fn(async (_url: string) => answer(200, { code: 0, msg: 'ok', data: { look_count: 3 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(callPublic(LOOKING, { account_id: 7 })).resolves.toEqual({ look_count: 3 });
    expect(fetchMock.mock.calls[0]![0]).toBe('https://api.example.test/api/v1/detail/looking?account_id=7');
  });

  it.each([
    ['a business failure', 404, { code: -400, msg: '账号不存在', data: null }],
    ['an HTTP failure with an envelope', 502, { code: 0, msg: '', data: null }],
    ['a body that is not the envelope', 200, ['not', 'an', 'envelope']],
  ])('rejects %s', async (_label, status, body) => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(status, body)));
    await expect(callPublic(LOOKING, { account_id: 7 })).rejects.toThrow();
  });
});
