/**
 * Calls an Astro API route the way the adapter would, without a server, and reads its JSON
 * envelope:
 *
 *   const result = await callRoute<UserInfo>(getUserInfo, '/api/v1/common/userInfo', { authorization: `Bearer ${token}` });
 *   const info = expectOk(result);
 */
import type { APIContext, APIRoute } from 'astro';
import { expect } from 'vitest';
import { MSG_UNAUTHORIZED } from '~/platform/http/errors';
import type { Envelope } from '~/platform/http/http';
import { suiteContext } from './route-context';

export interface CallOptions {
  /** Defaults to GET. */
  method?: string;
  /** Sent as JSON, with content-type application/json. */
  body?: unknown;
  /** Sent as is; content-type application/json unless `headers` names another. */
  text?: string;
  headers?: Record<string, string>;
  /** The Authorization header, sent whenever given (even empty). */
  authorization?: string;
  /** The whole Cookie header, sent when non-empty. */
  cookie?: string;
  /** context.clientAddress; left out of the context when not given. */
  ip?: string;
  /** Scheme and host of the request URL; defaults to http://localhost. */
  origin?: string;
  /** The route's path parameters (`[id]` → `{ id: '5' }`), as Astro's router would decode them. */
  params?: Record<string, string | undefined>;
}

export interface CallResult<T> {
  status: number;
  headers: Headers;
  /** The response body as text. */
  text: string;
  /** The response body parsed as JSON. */
  body: Envelope<T>;
}

export async function callRoute<T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const response = await routeResponse(route, path, options);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) as Envelope<T> };
}

/** The route's Response itself, unread (a stream's body is read as it comes). */
export async function routeResponse(route: APIRoute, path: string, options: CallOptions = {}): Promise<Response> {
  if (options.body !== undefined && options.text !== undefined) throw new Error('callRoute: give body or text, not both');
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set('cookie', options.cookie);
  if (options.authorization !== undefined) headers.set('authorization', options.authorization);
  let requestBody: string | undefined;
  if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    requestBody = JSON.stringify(options.body);
  } else if (options.text !== undefined) {
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    requestBody = options.text;
  }
  const request = new Request(`${options.origin ?? 'http://localhost'}${path}`, { method: options.method ?? 'GET', headers, body: requestBody });
  const context = {
    request,
    url: new URL(request.url),
    params: options.params ?? {},
    locals: suiteContext.locals(),
    ...(options.ip === undefined ? {} : { clientAddress: options.ip }),
  } as unknown as APIContext;
  return route(context);
}

/** A 200 `{ code: 0, msg: 'ok' }` envelope; answers its data. */
export function expectOk<T>(result: CallResult<T>): T {
  expect(result.body.msg).toBe('ok');
  expect(result.status).toBe(200);
  expect(result.body.code).toBe(0);
  return result.body.data;
}

/** An error envelope: the status, the code and the message (exact, or matching a RegExp). */
export function expectError(result: CallResult<unknown>, status: number, msg: string | RegExp, code = 1): void {
  expect(result.status).toBe(status);
  expect(result.body.code).toBe(code);
  if (typeof msg === 'string') expect(result.body.msg).toBe(msg);
  else expect(result.body.msg).toMatch(msg);
}

/** The one 401 every refusal gets: same status, envelope and header, no hint of the reason. */
export function expectUnauthorized(result: CallResult<unknown>): void {
  expect(result.status).toBe(401);
  expect(result.body).toEqual({ code: 1, msg: MSG_UNAUTHORIZED, data: null });
  expect(result.headers.get('www-authenticate')).toBe('Bearer');
}
