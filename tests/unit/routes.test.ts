/**
 * Routes declared once (platform/wire/route.ts): the browser calls `call(route, input)` and the
 * endpoint is `serve(wired route, handler)`. The path is written in one place, path parameters come
 * from the input, the request is read and validated by the route's schema, and under tests every
 * answer must parse with the route's answer schema.
 */
import type { APIContext, APIRoute } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fillPath, pathParameters, route } from '~/platform/wire/route';
import { wire } from '~/platform/wire/wired-route';
import { serve, withHeaders } from '~/platform/http/serve';
import { unauthorized } from '~/platform/http/errors';
import { okResponse, sentRequest, stubFetch, type FetchMock } from './api-helpers';

interface Item {
  id: number;
  name: string;
}

const ROUTES = {
  item: route.get<{ id: number; full?: boolean }, Item>('/items/:id'),
  rename: route.post<{ id: number; name: string }, Item>('/items/:id/rename'),
  touch: route.post<{ id: number }, Item>('/items/:id/touch'),
  clear: route.post<{ reason?: string }, { cleared: number }>('/items/clear'),
};

const itemSchema = z.strictObject({ id: z.number().int(), name: z.string() });
const idSchema = z.coerce.number().int().positive();
const WIRE = {
  item: wire(ROUTES.item, { input: z.object({ id: idSchema, full: z.enum(['true', 'false']).optional() }), answer: itemSchema }),
  rename: wire(ROUTES.rename, { input: z.object({ id: idSchema, name: z.string().min(1) }), answer: itemSchema }),
  touch: wire(ROUTES.touch, { input: z.object({ id: idSchema }), answer: itemSchema, body: 'none' }),
  clear: wire(ROUTES.clear, { input: z.object({ reason: z.string().optional() }), answer: z.strictObject({ cleared: z.number() }), body: 'optional-json' }),
};

async function hit(endpoint: APIRoute, path: string, init: RequestInit = {}, params: Record<string, string> = {}): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }> {
  const request = new Request(`http://localhost/api/v1${path}`, init);
  const response = await endpoint({ request, url: new URL(request.url), params, locals: {} } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
}

describe('a route declaration', () => {
  it('names its path parameters and fills them from the input, the rest left for the query or body', () => {
    expect(pathParameters('/items/:id/rename')).toEqual(['id']);
    expect(fillPath('/items/:id/rename', { id: 7, name: 'a b' })).toEqual({ path: '/items/7/rename', rest: { name: 'a b' } });
    expect(fillPath('/items/:id', { id: 'x/y' }).path).toBe('/items/x%2Fy');
    expect(() => fillPath('/items/:id', {})).toThrow(/missing path parameter id/);
  });
});

describe('serve: an endpoint is its route and a handler', () => {
  it('a GET reads the query and the path parameters through the route\'s schema, and answers HEAD too', async () => {
    const handler = vi.fn(async (_ctx: unknown, input: { id: number; full?: string }) => ({ id: input.id, name: input.full ?? 'short' }));
    const { GET, HEAD, ALL } = serve(WIRE.item, handler);
    const answer = await hit(GET, '/items/5?full=true', {}, { id: '5' });
    expect(answer).toMatchObject({ status: 200, body: { code: 0, data: { id: 5, name: 'true' } } });
    expect((await HEAD({ request: new Request('http://localhost/api/v1/items/5'), url: new URL('http://localhost/api/v1/items/5'), params: { id: '5' }, locals: {} } as unknown as APIContext)).status).toBe(200);
    expect((await hit(ALL, '/items/5', { method: 'POST' })).status).toBe(405);
    expect((await hit(GET, '/items/0', {}, { id: '0' })).status).toBe(400);
  });

  it('a POST reads its JSON body with the path parameters; a route without a body reads none', async () => {
    const { POST } = serve(WIRE.rename, async (_ctx, input) => ({ id: input.id, name: input.name }));
    const renamed = await hit(POST, '/items/3/rename', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '新名' }) }, { id: '3' });
    expect(renamed.body.data).toEqual({ id: 3, name: '新名' });
    expect((await hit(POST, '/items/3/rename', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }, { id: '3' })).status).toBe(415);
    expect((await hit(POST, '/items/3/rename', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1]' }, { id: '3' })).status).toBe(400);
    const touch = serve(WIRE.touch, async (_ctx, input) => ({ id: input.id, name: 'touched' }));
    expect((await hit(touch.POST, '/items/4/touch', { method: 'POST', body: 'not json' }, { id: '4' })).body.data).toEqual({ id: 4, name: 'touched' });
  });

  it('an optional body may be empty; when sent it is JSON', async () => {
    const { POST } = serve(WIRE.clear, async (_ctx, input) => ({ cleared: input.reason ? 1 : 0 }));
    expect((await hit(POST, '/items/clear', { method: 'POST' })).body.data).toEqual({ cleared: 0 });
    expect((await hit(POST, '/items/clear', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"reason":"x"}' })).body.data).toEqual({ cleared: 1 });
    expect((await hit(POST, '/items/clear', { method: 'POST', body: '{"reason":"x"}' })).status).toBe(415);
  });

  it('a gate runs before the input is read: no token is 401 whatever the input, and the handler gets what the gate found', async () => {
    const gate = async (ctx: { request: Request }): Promise<{ userId: number }> => {
      if (!ctx.request.headers.get('authorization')) throw unauthorized();
      return { userId: 42 };
    };
    const { GET } = serve(WIRE.item, gate, async (_ctx, input, { userId }) => ({ id: input.id, name: `user ${userId}` }));
    expect((await hit(GET, '/items/0', {}, { id: '0' })).status).toBe(401);
    expect((await hit(GET, '/items/0', { headers: { authorization: 'Bearer x' } }, { id: '0' })).status).toBe(400);
    expect((await hit(GET, '/items/8', { headers: { authorization: 'Bearer x' } }, { id: '8' })).body.data).toEqual({ id: 8, name: 'user 42' });
  });

  it('a route may name its answer\'s Cache-Control; otherwise the envelope\'s no-store holds', async () => {
    const privateItem = wire(ROUTES.item, { input: z.object({ id: idSchema }), answer: itemSchema, cacheControl: 'private, no-store' });
    const request = (): APIContext => ({ request: new Request('http://localhost/api/v1/items/1'), url: new URL('http://localhost/api/v1/items/1'), params: { id: '1' }, locals: {} }) as unknown as APIContext;
    const own = await serve(privateItem, async (_ctx, { id }) => ({ id, name: 'n' })).GET(request());
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    const plain = await serve(WIRE.item, async (_ctx, { id }) => ({ id, name: 'n' })).GET(request());
    expect(plain.headers.get('cache-control')).toBe('no-store');
  });

  it('a handler may add headers of its own to the answer (a Set-Cookie), and a route may say how other methods are answered', async () => {
    const { POST, ALL } = serve(
      WIRE.rename,
      async () => ({ userId: 1 }),
      async (_ctx, input) => withHeaders({ id: input.id, name: input.name }, { 'set-cookie': 's=1; HttpOnly' }),
      { otherMethods: () => async () => Response.json({ code: 404, msg: 'x', data: null }, { status: 404 }) },
    );
    const request = new Request('http://localhost/api/v1/items/3/rename', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"n"}' });
    const response = await POST({ request, url: new URL(request.url), params: { id: '3' }, locals: {} } as unknown as APIContext);
    expect(response.headers.get('set-cookie')).toBe('s=1; HttpOnly');
    expect(((await response.json()) as { data: unknown }).data).toEqual({ id: 3, name: 'n' });
    expect((await hit(ALL, '/items/3/rename', { method: 'GET' })).status).toBe(404);
  });

  it('under tests an answer that does not match the route\'s answer schema fails the call', async () => {
    expect(process.env.VALIDATE_ANSWERS).toBe('1');
    const { GET } = serve(WIRE.item, async (_ctx, input) => ({ id: input.id, title: 'renamed field' }) as unknown as Item);
    const answer = await hit(GET, '/items/5', {}, { id: '5' });
    expect(answer.status).toBe(500);
  });
});

describe('call: the browser calls a route, never a path string', () => {
  let fetchMock: FetchMock;
  let client: typeof import('~/platform/client/client');

  beforeEach(async () => {
    vi.resetModules();
    fetchMock = stubFetch();
    client = await import('~/platform/client/client');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a GET puts the path parameters in the path and the rest in the query', async () => {
    fetchMock.mockResolvedValue(okResponse({ id: 9, name: 'n' }));
    await expect(client.call(ROUTES.item, { id: 9, full: true })).resolves.toEqual({ id: 9, name: 'n' });
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('GET');
    expect(new URL(sent.url, 'http://x').pathname).toBe('/api/v1/items/9');
    expect(new URL(sent.url, 'http://x').searchParams.get('full')).toBe('true');
  });

  it('a POST sends the rest as its JSON body, and no body when nothing is left', async () => {
    fetchMock.mockImplementation(async () => okResponse({ id: 2, name: 'b' }));
    await client.call(ROUTES.rename, { id: 2, name: 'b' });
    expect(sentRequest(fetchMock).method).toBe('POST');
    expect(new URL(sentRequest(fetchMock).url, 'http://x').pathname).toBe('/api/v1/items/2/rename');
    expect(JSON.parse(String(sentRequest(fetchMock).body))).toEqual({ name: 'b' });
    await client.call(ROUTES.touch, { id: 2 });
    expect(sentRequest(fetchMock).body).toBeUndefined();
  });
});

describe('hrefOf: a link to a GET route', () => {
  it('fills the path parameters and puts the rest in the query under /api/v1', async () => {
    const { hrefOf } = await import('~/platform/wire/route');
    const csv = route.get<{ id: number; format: string; from?: string }, string>('/ops/items/:id/export');
    expect(hrefOf(csv, { id: 3, format: 'csv', from: '2026-11-01' })).toBe('/api/v1/ops/items/3/export?format=csv&from=2026-11-01');
    expect(hrefOf(csv, { id: 3, format: 'csv' })).toBe('/api/v1/ops/items/3/export?format=csv');
  });
});
