/**
 * The HTTP client (spec §6 headers, §7 calls, §8 HTTP errors): one ofetch wrapper that sends the
 * token and system headers, unwraps the {code, msg, data} envelope, shows failures in the ui
 * store and turns every failure into one ApiError.
 *
 * Isomorphic: nothing here touches the DOM or storage at import time. On the server the auth
 * store is always empty, so no token is sent and a 401 shows nothing; `pending` is for islands
 * only (nothing on the server calls flushPendingAfterLogin).
 */
import { API_PREFIX, CODE_REAUTH_REQUIRED, UNAUTHORIZED_HANDLING_LIMIT } from '~/platform/config/constants';
import { $auth, currentToken, logout } from '~/platform/stores/auth';
import { openLogin, showError } from '~/platform/stores/ui';
import { baseFromDocument } from '~/platform/client/base-url';
import { exchange, type PostBody } from '~/platform/client/core';
import { API_MESSAGES, ApiError } from '~/platform/client/errors';
import { appendQuery, toFormQuery, type QueryParams } from '~/platform/client/query';
import { getSessionId } from '~/platform/client/session-id';
import { fillPath, type Route } from '~/platform/wire/route';

export { isEnvelope, type ApiEnvelope, type PostBody } from '~/platform/client/core';

export interface RequestOptions {
  /** spec §6: send no Authorization header. */
  noToken?: boolean;
  /** spec §6: send this token as the Bearer instead of the stored one (e.g. /bind's temp_token). */
  tempToken?: string;
  /**
   * spec §6: a bare request, for third-party hosts (e.g. the game-list URL of §7): no system
   * header and no stored token (a tempToken, being explicit, is still sent).
   */
  pure?: boolean;
  /** spec §7: resolve with the raw body without checking code (T is then the whole body). */
  omitAllCode?: boolean;
  /**
   * spec §4/§8: on a 401 the request is parked instead of failing, and this is called (typically
   * to open the login dialog). flushPendingAfterLogin() re-runs it and settles the original
   * promise; dropPending() rejects it as cancelled.
   */
  pending?: (error: ApiError) => void;
  /** Aborting it rejects silently with an ApiError whose `cancelled` is true. */
  signal?: AbortSignal;
  /**
   * Let the request outlive the page (fetch keepalive), for a small POST sent as the page
   * navigates away, e.g. recording a search while the search form submits.
   */
  keepalive?: boolean;
  /**
   * Show nothing when it fails (a 401 is still handled as spec §8 says): for calls the visitor did
   * not ask for, such as the 15 s notification poll, which must not toast 网络错误 every 15 s offline.
   */
  quiet?: boolean;
  /** Extra headers (e.g. the X-Sign, X-Timestamp, X-Nonce-Str of §7 login); they win over ours. */
  headers?: Record<string, string>;
}


export interface ApiConfig {
  /** Origin of the API server; '' means the page's own origin. No trailing slash. */
  baseURL: string;
}

/** Header names of spec §6, shared with the server that reads them. */
export const API_HEADERS = {
  authorization: 'Authorization',
  system: 'X-System',
  sessionId: 'X-Session-Id',
} as const;

export const SYSTEM_NAME = 'web';

const config: ApiConfig = { baseURL: baseFromDocument() };

/** Points the client at an API host honouring the same contract (ARCHITECTURE: configurable host). */
export function configureApi(next: Partial<ApiConfig>): void {
  if (next.baseURL !== undefined) config.baseURL = next.baseURL.replace(/\/+$/, '');
}

export function apiGet<T>(path: string, params?: QueryParams, options: RequestOptions = {}): Promise<T> {
  return request<T>({ method: 'GET', path, params, options });
}

/**
 * GETs a URL an earlier answer named (spec §7's game list: gameList's data.url), as it came: the
 * one browser call whose path is data, not a declared route.
 */
export function getAnsweredUrl<T>(url: string, options: RequestOptions = {}): Promise<T> {
  return request<T>({ method: 'GET', path: url, options });
}

export function apiPost<T>(path: string, body?: PostBody, options: RequestOptions = {}): Promise<T> {
  return request<T>({ method: 'POST', path, body, options });
}

/**
 * Calls a declared route (its feature's routes.ts): path parameters come from the input's fields of
 * those names; the rest is the query of a GET or the JSON body of a POST (none when nothing is left).
 */
export function call<In, Out>(route: Route<In, Out>, ...[input, options = {}]: Partial<In> extends In ? [input?: In, options?: RequestOptions] : [input: In, options?: RequestOptions]): Promise<Out> {
  const { path, rest } = fillPath(route.path, (input ?? {}) as Record<string, unknown>);
  const empty = Object.keys(rest).length === 0;
  const { successCode } = route;
  if (route.method === 'GET') return request<Out>({ method: 'GET', path, params: empty ? undefined : (rest as QueryParams), options, successCode });
  return request<Out>({ method: 'POST', path, body: empty ? undefined : rest, options, successCode });
}

/**
 * POSTs a declared route with a body already serialised: a signed request (spec §5) signs the exact
 * text it sends, which `call` would serialise again. The route names the path (a signed route has no
 * path parameters).
 */
export function callWithText<In, Out>(route: Route<In, Out, 'POST'>, text: string, options: RequestOptions = {}): Promise<Out> {
  return request<Out>({ method: 'POST', path: route.path, body: text, options });
}

/**
 * Sends a multipart form to a declared upload route (`call` sends JSON): the site's headers, toasts
 * and 401 handling as for any other call.
 */
export function upload<Out>(route: Route<FormData, Out, 'POST'>, form: FormData, options: RequestOptions = {}): Promise<Out> {
  return request<Out>({ method: 'POST', path: route.path, body: form, options });
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  params?: QueryParams;
  body?: PostBody;
  options: RequestOptions;
  /** The route's success code when not CODE_SUCCESS. */
  successCode?: number;
}

// http(s) URLs and protocol-relative '//host/...' go out as they are.
const ABSOLUTE_URL = /^(?:https?:)?\/\//i;

/** Call sites pass API_PREFIX-relative paths ('/health'); a path already under the prefix is kept. */
export function resolveUrl(path: string): string {
  if (ABSOLUTE_URL.test(path)) return path;
  const relative = path.startsWith('/') ? path : `/${path}`;
  const underPrefix = relative === API_PREFIX || relative.startsWith(`${API_PREFIX}/`) || relative.startsWith(`${API_PREFIX}?`);
  return `${config.baseURL}${underPrefix ? relative : `${API_PREFIX}${relative}`}`;
}

function buildHeaders(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!options.pure) {
    headers[API_HEADERS.system] = SYSTEM_NAME;
    const sessionId = getSessionId();
    if (sessionId !== null) headers[API_HEADERS.sessionId] = sessionId;
  }
  const token = options.tempToken ?? (options.noToken || options.pure ? null : currentToken());
  if (token) headers[API_HEADERS.authorization] = `Bearer ${token}`;
  return { ...headers, ...options.headers };
}

/** One round trip through the core, with the site's headers (token, system, session). */
function execute(call: Call): Promise<unknown> {
  const { options } = call;
  return exchange({
    method: call.method,
    url: call.method === 'GET' ? appendQuery(resolveUrl(call.path), toFormQuery(call.params)) : resolveUrl(call.path),
    headers: buildHeaders(options),
    body: call.method === 'POST' ? call.body : undefined,
    signal: options.signal,
    keepalive: options.keepalive,
    raw: options.omitAllCode,
    successCode: call.successCode,
  });
}

async function request<T>(call: Call): Promise<T> {
  try {
    return (await execute(call)) as T;
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError({ kind: 'network', msg: API_MESSAGES.network, cause: caught });
    return handleFailure<T>(error, call);
  }
}

/** spec §7/§8: what the user sees for each failure. */
async function handleFailure<T>(error: ApiError, call: Call): Promise<T> {
  // The 验证身份 dialog answers it (platform/ui/reauth.ts withIdentity), not a toast.
  if (error.code === CODE_REAUTH_REQUIRED) throw error;
  switch (error.kind) {
    case 'cancelled':
      break; // spec §8: silent
    case 'http':
      if (error.httpStatus === 401) return handleUnauthorized<T>(error, call);
      // 303: the server's msg; 502: 服务器出错; other: its message (all resolved in httpErrorMsg)
      if (!call.options.quiet) showError(error.msg);
      break;
    default:
      if (!call.options.quiet) showError(error.msg);
  }
  throw error;
}

// spec §8: 401 is handled up to 3 times; the next one is let through unhandled and resets the
// count, so a burst of parallel 401s does not stack dialogs and toasts.
let unauthorizedHandled = 0;

interface Parked {
  call: Call;
  resolve: (value: unknown) => void;
  reject: (reason: ApiError) => void;
  error: ApiError;
}
let parked: Parked[] = [];

async function handleUnauthorized<T>(error: ApiError, call: Call): Promise<T> {
  if (unauthorizedHandled >= UNAUTHORIZED_HANDLING_LIMIT) {
    unauthorizedHandled = 0;
    throw error;
  }
  unauthorizedHandled += 1;

  const { pending } = call.options;
  if (pending) {
    const retried = new Promise<T>((resolve, reject) => {
      parked.push({ call, resolve: resolve as (value: unknown) => void, reject, error });
    });
    try {
      pending(error);
    } catch (callbackError) {
      console.error('[api] pending callback failed', callbackError);
    }
    return retried;
  }

  if ($auth.get().user !== null) {
    showError(API_MESSAGES.unauthorized);
    logout();
    openLogin();
  }
  throw error;
}

/**
 * spec §4: after a login, re-run every request parked by a 401 (with the new token) and settle
 * their original promises with the outcome. Starts a fresh 401 count. Returns how many re-ran.
 */
export function flushPendingAfterLogin(): number {
  const queue = parked;
  parked = [];
  unauthorizedHandled = 0;
  for (const { call, resolve, reject } of queue) {
    request(call).then(resolve, reject);
  }
  return queue.length;
}

/** The login was abandoned: reject every parked request as cancelled (silent). Returns how many. */
export function dropPending(): number {
  const queue = parked;
  parked = [];
  for (const { reject, error } of queue) {
    reject(new ApiError({ kind: 'cancelled', msg: API_MESSAGES.cancelled, httpStatus: 401, code: error.code, cause: error }));
  }
  return queue.length;
}
