import type { APIContext } from 'astro';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_BODY_BYTES } from '~/platform/config/constants';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unauthorized,
  unsupportedMediaType,
  type AppErrorStatus,
} from '~/platform/http/errors';
import { fail, handle, ok, readJson, readQuery, type Envelope } from '~/platform/http/http';

const BASE = 'http://localhost/api/v1/test';

function jsonRequest(body: string, headers: Record<string, string> = {}): Request {
  return new Request(BASE, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

/** A body stream of `total` bytes in 64 KB chunks, sent without content-length. */
function streamingRequest(total: number): Request {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(64 * 1024, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return new Request(BASE, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

async function bodyOf(response: Response): Promise<Envelope> {
  return (await response.json()) as Envelope;
}

/** The AppError a promise rejects with (fails the test if it resolves or throws something else). */
async function appErrorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function contextFor(request: Request, locals: Record<string, unknown> = {}): APIContext {
  return { request, url: new URL(request.url), params: {}, locals } as unknown as APIContext;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const titleSchema = z.object({ title: z.string(), page: z.number().int().min(1).optional() });

describe('ok', () => {
  it('wraps data in the envelope { code: 0, msg: ok, data } as uncached JSON', async () => {
    const response = ok({ id: 7 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await bodyOf(response)).toEqual({ code: 0, msg: 'ok', data: { id: 7 } });
  });

  it('takes a status and extra headers, and sends null for undefined data', async () => {
    const response = ok(undefined, { status: 201, headers: { 'cache-control': 'max-age=60', 'x-extra': '1' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('x-extra')).toBe('1');
    expect(await bodyOf(response)).toEqual({ code: 0, msg: 'ok', data: null });
  });
});

describe('fail', () => {
  const cases: Array<[string, AppError, AppErrorStatus, string]> = [
    ['badRequest', badRequest('参数错误'), 400, '参数错误'],
    ['unauthorized', unauthorized(), 401, '未登录或登录状态已过期,请重新登录'],
    ['forbidden', forbidden(), 403, '无权进行此操作'],
    ['notFound', notFound('账号不存在'), 404, '账号不存在'],
    ['conflict', conflict('该时段已被租用'), 409, '该时段已被租用'],
    ['payloadTooLarge', payloadTooLarge(), 413, '请求体过大'],
    ['unsupportedMediaType', unsupportedMediaType(), 415, '请使用 JSON 格式提交'],
    ['tooManyRequests', tooManyRequests(), 429, '请求过于频繁，请稍后再试'],
    ['AppError 500', new AppError(1, '支付通道异常', 500), 500, '支付通道异常'],
    ['AppError 503', new AppError(1, '数据库不可用', 503), 503, '数据库不可用'],
  ];

  it.each(cases)('maps %s to its HTTP status with envelope code 1', async (_name, error, status, msg) => {
    const response = fail(error, 'req-1');
    expect(response.status).toBe(status);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(await bodyOf(response)).toEqual({ code: 1, msg, data: null });
  });

  it('keeps a spec code such as -400 (account deleted) and the data of an AppError', async () => {
    const response = fail(notFound('账号已删除', { code: -400, data: { accountId: 9 } }), 'r');
    expect(response.status).toBe(404);
    expect(await bodyOf(response)).toEqual({ code: -400, msg: '账号已删除', data: { accountId: 9 } });
  });

  it('asks for a Bearer token on 401', () => {
    expect(fail(unauthorized(), 'r').headers.get('www-authenticate')).toBe('Bearer');
  });

  it('keeps the cause of an AppError out of the body', async () => {
    const error = new AppError(1, '服务器繁忙，请稍后重试', 500, { cause: new Error('connection refused 10.0.0.3') });
    const text = await fail(error, 'r').text();
    expect(text).not.toContain('10.0.0.3');
  });

  it('answers an unknown error with 500 服务器繁忙 and no message or stack, logging it server-side', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.stubEnv('LOG_LEVEL', 'error');
    const error = new Error('relation "secret_table" does not exist');
    const response = fail(error, 'req-500');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: 1, msg: '服务器繁忙，请稍后重试', data: null });
    expect(text).not.toContain('secret_table');
    expect(text).not.toContain('at ');
    const logged = write.mock.calls.map(([line]) => String(line)).join('');
    expect(logged).toContain('secret_table');
    expect(logged).toContain('req-500');
    expect(JSON.parse(logged.trim().split('\n').at(-1)!)).toMatchObject({ level: 'error', requestId: 'req-500' });
    expect(logged).toContain('"stack"');
  });

  it('answers a thrown non-Error with 500 too', async () => {
    const response = fail('boom', 'r');
    expect(response.status).toBe(500);
    expect((await bodyOf(response)).msg).toBe('服务器繁忙，请稍后重试');
  });

  it('maps a ZodError to 400 naming the field in Chinese', async () => {
    const parsed = titleSchema.safeParse({ title: 5 });
    expect(parsed.success).toBe(false);
    const response = fail(parsed.error, 'r');
    expect(response.status).toBe(400);
    const body = await bodyOf(response);
    expect(body.code).toBe(1);
    expect(body.msg).toBe('参数 title 无效：应为字符串');
    expect(body.data).toMatchObject({ field: 'title', issues: [{ field: 'title', code: 'invalid_type' }] });
  });

  it('says 缺少参数 for a field missing from a ZodError parsed elsewhere', async () => {
    const parsed = titleSchema.safeParse({});
    const body = await bodyOf(fail(parsed.error, 'r'));
    expect(body.msg).toBe('缺少参数 title');
  });

  it('keeps a Chinese message written on the schema', async () => {
    const phone = z.object({ mobile: z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码') });
    const body = await bodyOf(fail(phone.safeParse({ mobile: '123' }).error, 'r'));
    expect(body.msg).toBe('请输入正确的手机号码');
  });
});

describe('readJson', () => {
  it('returns the validated body', async () => {
    await expect(readJson(jsonRequest('{"title":"王者荣耀","page":2}'), titleSchema)).resolves.toEqual({
      title: '王者荣耀',
      page: 2,
    });
  });

  it('accepts a charset parameter and application/*+json', async () => {
    const withCharset = jsonRequest('{"title":"a"}', { 'content-type': 'application/json; charset=UTF-8' });
    await expect(readJson(withCharset, titleSchema)).resolves.toEqual({ title: 'a' });
    const vendor = jsonRequest('{"title":"a"}', { 'content-type': 'application/vnd.api+json' });
    await expect(readJson(vendor, titleSchema)).resolves.toEqual({ title: 'a' });
  });

  it('refuses a body declared over 1 MB by content-length with 413 before reading it', async () => {
    const request = jsonRequest('{"title":"a"}', { 'content-length': String(MAX_JSON_BODY_BYTES + 1) });
    const error = await appErrorOf(readJson(request, titleSchema));
    expect(error.httpStatus).toBe(413);
    expect(error.message).toBe('请求体过大');
    expect(request.bodyUsed).toBe(false);
  });

  it('refuses a body that streams past 1 MB without content-length with 413', async () => {
    const request = streamingRequest(MAX_JSON_BODY_BYTES + 10);
    expect(request.headers.get('content-length')).toBeNull();
    const error = await appErrorOf(readJson(request, titleSchema));
    expect(error.httpStatus).toBe(413);
    expect(error.message).toBe('请求体过大');
  });

  it('reads a streamed body of exactly 1 MB (then fails it as JSON, not as size)', async () => {
    const error = await appErrorOf(readJson(streamingRequest(MAX_JSON_BODY_BYTES), titleSchema));
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe('请求体不是有效的 JSON');
  });

  it('refuses a non-JSON content type with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const request = new Request(BASE, { method: 'POST', headers: type ? { 'content-type': type } : {}, body: '{}' });
      if (!type) request.headers.delete('content-type');
      const error = await appErrorOf(readJson(request, titleSchema));
      expect(error.httpStatus).toBe(415);
      expect(error.message).toBe('请使用 JSON 格式提交');
    }
  });

  it('accepts text/plain only when the endpoint opts in (sendBeacon)', async () => {
    const request = jsonRequest('{"title":"a"}', { 'content-type': 'text/plain;charset=UTF-8' });
    await expect(readJson(request, titleSchema, { acceptTextPlain: true })).resolves.toEqual({ title: 'a' });
  });

  it('refuses malformed JSON, an empty body and invalid UTF-8 with 400', async () => {
    for (const body of ['{"title":', '', new Uint8Array([0x7b, 0xff, 0x7d])]) {
      const request = new Request(BASE, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const error = await appErrorOf(readJson(request, titleSchema));
      expect(error.httpStatus).toBe(400);
      expect(error.message).toBe('请求体不是有效的 JSON');
    }
  });

  it('names a field of the wrong type', async () => {
    const error = await appErrorOf(readJson(jsonRequest('{"title":12}'), titleSchema));
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe('参数 title 无效：应为字符串');
    expect(error.data).toEqual({
      field: 'title',
      issues: [{ field: 'title', code: 'invalid_type', msg: '参数 title 无效：应为字符串' }],
    });
  });

  it('names a missing field', async () => {
    const error = await appErrorOf(readJson(jsonRequest('{}'), titleSchema));
    expect(error.message).toBe('缺少参数 title');
    expect(error.data).toMatchObject({ field: 'title' });
  });

  it('names a number below its minimum', async () => {
    const error = await appErrorOf(readJson(jsonRequest('{"title":"a","page":0}'), titleSchema));
    expect(error.message).toBe('参数 page 无效：应不小于 1');
  });

  it('explains too long, enum, format, regex, nested paths and unknown keys in Chinese', async () => {
    const schema = z.strictObject({
      name: z.string().max(4).optional(),
      kind: z.enum(['pageview', 'click']).optional(),
      path: z.string().startsWith('/').optional(),
      email: z.email().optional(),
      code: z.string().regex(/^\d{6}$/).optional(),
      list: z.array(z.object({ n: z.number().max(10) })).max(2).optional(),
    });
    const cases: Array<[unknown, string, string]> = [
      [{ name: '王者荣耀账号' }, 'name', '参数 name 无效：长度应不超过 4 个字符'],
      [{ kind: 'scroll' }, 'kind', '参数 kind 无效：应为 "pageview"、"click" 之一'],
      [{ path: 'home' }, 'path', '参数 path 无效：应以 "/" 开头'],
      [{ email: 'x' }, 'email', '参数 email 无效：应为有效的邮箱地址'],
      [{ code: '12a' }, 'code', '参数 code 无效：格式不正确'],
      [{ list: [{ n: 11 }] }, 'list[0].n', '参数 list[0].n 无效：应不大于 10'],
      [{ list: [{ n: 1 }, { n: 1 }, { n: 1 }] }, 'list', '参数 list 无效：应最多包含 2 项'],
      [{ foo: 1 }, 'foo', '不支持的参数 foo'],
    ];
    for (const [body, field, msg] of cases) {
      const error = await appErrorOf(readJson(jsonRequest(JSON.stringify(body)), schema));
      expect(error.message, JSON.stringify(body)).toBe(msg);
      expect(error.data).toMatchObject({ field });
    }
  });

  it('names a missing or unknown discriminator of a discriminated union', async () => {
    const schema = z.object({
      login: z.discriminatedUnion('platform', [
        z.object({ platform: z.literal('wechat') }),
        z.object({ platform: z.literal('qq') }),
      ]),
    });
    const missing = await appErrorOf(readJson(jsonRequest('{"login":{}}'), schema));
    expect(missing.message).toBe('缺少参数 login.platform');
    const unknown = await appErrorOf(readJson(jsonRequest('{"login":{"platform":"app"}}'), schema));
    expect(unknown.message).toBe('参数 login.platform 无效：应为 "wechat"、"qq" 之一');
  });

  it('never echoes the rejected input back', async () => {
    const error = await appErrorOf(readJson(jsonRequest('{"title":{"password":"hunter2"}}'), titleSchema));
    expect(JSON.stringify(error.data)).not.toContain('hunter2');
  });
});

describe('readQuery', () => {
  const querySchema = z.object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().max(100).default(20),
    canUse: z.stringbool().optional(),
    is_today: z.stringbool().optional(),
    tag: z.union([z.string(), z.array(z.string())]).optional(),
  });

  it('coerces numbers and booleans from form-encoded strings', async () => {
    const url = new URL(`${BASE}?page=2&page_size=100&canUse=1&is_today=false`);
    await expect(readQuery(url, querySchema)).resolves.toEqual({ page: 2, page_size: 100, canUse: true, is_today: false });
  });

  it('applies defaults and keeps repeated keys as an array', async () => {
    const url = new URL(`${BASE}?tag=a&tag=b`);
    await expect(readQuery(url, querySchema)).resolves.toEqual({ page: 1, page_size: 20, tag: ['a', 'b'] });
  });

  it('refuses a non-number and a too-small page in Chinese', async () => {
    const notNumber = await appErrorOf(readQuery(new URL(`${BASE}?page=abc`), querySchema));
    expect(notNumber.httpStatus).toBe(400);
    expect(notNumber.message).toBe('参数 page 无效：应为数字');
    const tooSmall = await appErrorOf(readQuery(new URL(`${BASE}?page=0`), querySchema));
    expect(tooSmall.message).toBe('参数 page 无效：应不小于 1');
  });
});

describe('handle', () => {
  const echo = handle(async ({ requestId, url, params }) => ok({ requestId, path: url.pathname, params }));

  it('keeps a sane incoming x-request-id and echoes it on the response', async () => {
    const request = new Request(BASE, { headers: { 'x-request-id': 'abc-123.def_4' } });
    const response = await echo(contextFor(request));
    expect(response.headers.get('x-request-id')).toBe('abc-123.def_4');
    expect((await bodyOf(response)).data).toMatchObject({ requestId: 'abc-123.def_4', path: '/api/v1/test' });
  });

  it('generates a UUID when the incoming id is absent or not a plain token', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const absent = await echo(contextFor(new Request(BASE)));
    expect(absent.headers.get('x-request-id')).toMatch(uuid);
    for (const bad of ['<script>', 'a b', 'x'.repeat(129)]) {
      const response = await echo(contextFor(new Request(BASE, { headers: { 'x-request-id': bad } })));
      expect(response.headers.get('x-request-id')).toMatch(uuid);
    }
    const first = await echo(contextFor(new Request(BASE)));
    expect(first.headers.get('x-request-id')).not.toBe(absent.headers.get('x-request-id'));
  });

  it('reuses a request id the middleware put in locals', async () => {
    const response = await echo(contextFor(new Request(BASE, { headers: { 'x-request-id': 'from-header' } }), { requestId: 'from-mw' }));
    expect(response.headers.get('x-request-id')).toBe('from-mw');
  });

  it('turns a throw into the envelope, with the request id on the error response too', async () => {
    const route = handle(async () => {
      throw conflict('该账号已被租用');
    });
    const response = await route(contextFor(new Request(BASE, { headers: { 'x-request-id': 'rid-9' } })));
    expect(response.status).toBe(409);
    expect(response.headers.get('x-request-id')).toBe('rid-9');
    expect(await bodyOf(response)).toEqual({ code: 1, msg: '该账号已被租用', data: null });
  });

  it('sets the id on a response with immutable headers', async () => {
    const route = handle(async () => Response.redirect('http://localhost/elsewhere', 302));
    const response = await route(contextFor(new Request(BASE)));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost/elsewhere');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('logs one JSON line per request with method, path, status and ms', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.stubEnv('LOG_LEVEL', 'info');
    const request = new Request(`${BASE}?temp_token=secret`, { method: 'POST', headers: { 'x-request-id': 'log-1' } });
    await echo(contextFor(request));
    const lines = write.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'request', requestId: 'log-1', method: 'POST', path: '/api/v1/test', status: 200 });
    expect(typeof lines[0]!['ms']).toBe('number');
    expect(typeof lines[0]!['time']).toBe('string');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('writes nothing when LOG_LEVEL=silent', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.stubEnv('LOG_LEVEL', 'silent');
    await handle(async () => {
      throw new Error('x');
    })(contextFor(new Request(BASE)));
    expect(write).not.toHaveBeenCalled();
  });
});

describe('a method an endpoint does not implement', () => {
  it('answers 405 with the envelope and an Allow header', async () => {
    const { allowOnly } = await import('~/platform/http/http');
    const route = allowOnly('POST');
    const request = new Request('http://localhost/api/v1/collector/activity', { method: 'GET' });
    const response = await route({ request, url: new URL(request.url), params: {}, locals: {} } as never);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(await response.json()).toEqual({ code: 1, msg: '不支持该请求方法', data: null });
  });

  it('answers OPTIONS with 204 and the Allow header, HEAD included with GET', async () => {
    const { allowOnly } = await import('~/platform/http/http');
    const request = new Request('http://localhost/api/v1/health', { method: 'OPTIONS' });
    const response = await allowOnly('GET')({ request, url: new URL(request.url), params: {}, locals: {} } as never);
    expect(response.status).toBe(204);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('HEAD of a GET endpoint is its status and headers without a body', async () => {
    const { handle, headOf, ok } = await import('~/platform/http/http');
    const get = handle(async () => ok({ status: 'ok' }));
    const request = new Request('http://localhost/api/v1/health', { method: 'HEAD' });
    const response = await headOf(get)({ request, url: new URL(request.url), params: {}, locals: {} } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.text()).toBe('');
  });
});
