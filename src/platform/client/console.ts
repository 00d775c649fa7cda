/**
 * The console's HTTP calls. Same envelope and the same ApiError as the site's client
 * (client.ts), but none of the renter's machinery: no Bearer token, no system headers, no 401
 * queue, no toasts. The console authenticates by its own HttpOnly cookie, so its calls always go to
 * the page's own origin (a PUBLIC_API_BASE on another host would not receive the cookie).
 */
import { FetchError, ofetch } from 'ofetch';
import { API_PREFIX, CODE_SUCCESS, REQUEST_TIMEOUT_MS } from '~/platform/config/constants';
import { API_MESSAGES, ApiError } from '~/platform/client/errors';
import { appendQuery, toFormQuery, type QueryParams } from '~/platform/client/query';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number' && typeof (value as { msg?: unknown }).msg === 'string';
}

async function request<T>(method: 'GET' | 'POST', path: string, init: { body?: unknown; query?: QueryParams; signal?: AbortSignal }): Promise<T> {
  const base = `${API_PREFIX}/ops${path}`;
  const url = init.query ? appendQuery(base, toFormQuery(init.query)) : base;
  let body: unknown;
  try {
    body = await ofetch<unknown>(url, {
      method,
      credentials: 'same-origin',
      timeout: REQUEST_TIMEOUT_MS,
      retry: 0,
      ...(init.body === undefined ? {} : { body: init.body as Record<string, unknown> }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if (error instanceof FetchError) {
      if (error.name === 'AbortError' || init.signal?.aborted) throw new ApiError({ kind: 'cancelled', msg: '请求已取消', cause: error });
      const data: unknown = error.data;
      if (error.response && isEnvelope(data)) {
        throw new ApiError({ kind: 'http', msg: data.msg, code: data.code, httpStatus: error.response.status, data: data.data, cause: error });
      }
      if (error.response) throw new ApiError({ kind: 'http', msg: `请求失败（${error.response.status}）`, httpStatus: error.response.status, cause: error });
      const timedOut = /timeout|timed out/i.test(error.message);
      throw new ApiError({ kind: timedOut ? 'timeout' : 'network', msg: timedOut ? API_MESSAGES.timeout : API_MESSAGES.network, cause: error });
    }
    throw new ApiError({ kind: 'network', msg: API_MESSAGES.network, cause: error });
  }
  if (!isEnvelope(body)) throw new ApiError({ kind: 'format', msg: '服务器返回格式错误', data: body });
  if (body.code !== CODE_SUCCESS) throw new ApiError({ kind: 'business', msg: body.msg, code: body.code, data: body.data });
  return body.data as T;
}

/** GET /api/v1/ops<path>. */
export function opsGet<T>(path: string, query?: QueryParams, signal?: AbortSignal): Promise<T> {
  return request<T>('GET', path, { ...(query ? { query } : {}), ...(signal ? { signal } : {}) });
}

/** POST /api/v1/ops<path> with a JSON body. */
export function opsPost<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  return request<T>('POST', path, body === undefined ? {} : { body });
}

/** POST /api/v1/ops<path> with a multipart form (an image upload); the browser sets its boundary. */
export function opsUpload<T>(path: string, form: FormData): Promise<T> {
  return request<T>('POST', path, { body: form });
}
