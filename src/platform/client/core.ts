/**
 * The HTTP client core both flavours stand on: the site's (client.ts: Bearer token and system
 * headers, toasts, the 401 queue) and the console's (console.ts: its HttpOnly cookie, nothing
 * shown). One round trip with our own timeout, the {code, msg, data} envelope unwrapped, and every
 * failure turned into one ApiError with the texts of spec §8.
 */
import { FetchError, ofetch } from 'ofetch';
import { CODE_SUCCESS, REQUEST_TIMEOUT_MS } from '~/platform/config/constants';
import { API_MESSAGES, ApiError } from '~/platform/client/errors';

/** spec §7: every response body. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A string goes out byte for byte as given (ofetch sends strings unchanged, content-type JSON
 * unless a header says otherwise): the signed sign-in calls must send exactly the text they signed.
 */
export type PostBody = Record<string, unknown> | unknown[] | FormData | URLSearchParams | string;

export interface Exchange {
  method: 'GET' | 'POST';
  /** The whole URL, query included. */
  url: string;
  headers?: Record<string, string>;
  body?: PostBody;
  signal?: AbortSignal;
  /** Let the request outlive the page (fetch keepalive). */
  keepalive?: boolean;
  /** Resolve with the raw body without checking the envelope's code. */
  raw?: boolean;
  /** The envelope's success code when not CODE_SUCCESS (the route's own, spec §7 QQ init's 200). */
  successCode?: number;
}

export function isEnvelope(body: unknown): body is ApiEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function envelopeMsg(body: unknown): string | undefined {
  if (!isEnvelope(body) || typeof body.msg !== 'string' || body.msg === '') return undefined;
  return body.msg;
}

/** spec §8: 502 shows 服务器出错; otherwise the server's msg when the body is an envelope. */
function httpErrorMsg(status: number, body: unknown): string {
  if (status === 502) return API_MESSAGES.serverError;
  return envelopeMsg(body) ?? (status === 401 ? API_MESSAGES.unauthorized : `请求失败（HTTP ${status}）`);
}

function httpError(status: number, body: unknown, cause: unknown): ApiError {
  return new ApiError({
    kind: 'http',
    httpStatus: status,
    msg: httpErrorMsg(status, body),
    code: isEnvelope(body) ? body.code : undefined,
    data: isEnvelope(body) ? body.data : body,
    cause,
  });
}

/** One round trip: resolves with data (or the raw body), rejects with an ApiError, shows nothing. */
export async function exchange(call: Exchange): Promise<unknown> {

  const url = call.url;

  // Our own timer rather than ofetch's `timeout`, which ofetch drops when a signal is given.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request timed out', 'TimeoutError'));
  }, REQUEST_TIMEOUT_MS);
  const callerSignal = call.signal;
  const forwardAbort = (): void => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  let response;
  try {
    response = await ofetch.raw(url, {
      method: call.method,
      headers: call.headers,
      body: call.method === 'POST' ? call.body : undefined,
      signal: controller.signal,
      keepalive: call.keepalive,
      retry: false,
    });
  } catch (caught) {
    if (caught instanceof FetchError && caught.response) throw httpError(caught.response.status, caught.data, caught);
    if (callerSignal?.aborted) throw new ApiError({ kind: 'cancelled', msg: API_MESSAGES.cancelled, cause: caught });
    if (timedOut) throw new ApiError({ kind: 'timeout', msg: API_MESSAGES.timeout, cause: caught });
    throw new ApiError({ kind: 'network', msg: API_MESSAGES.network, cause: caught });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }

  const body: unknown = response._data;
  // ofetch only rejects 4xx/5xx; a 3xx that fetch did not follow (spec §8's 303) is a failure too.
  if (response.status < 200 || response.status > 299) {
    throw httpError(response.status, body, new Error(`HTTP ${response.status} ${response.statusText}`.trim()));
  }
  if (call.raw) return body;
  if (!isEnvelope(body)) {
    throw new ApiError({ kind: 'format', httpStatus: response.status, msg: API_MESSAGES.badEnvelope, data: body });
  }
  if (body.code !== (call.successCode ?? CODE_SUCCESS)) {
    throw new ApiError({
      kind: 'business',
      httpStatus: response.status,
      code: body.code,
      msg: envelopeMsg(body) ?? `请求失败（code ${body.code}）`,
      data: body.data,
      cause: body,
    });
  }
  return body.data;
}

