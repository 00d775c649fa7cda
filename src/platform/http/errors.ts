/**
 * The one error type services throw, and the zod issue → Chinese message formatter.
 *
 * Services throw `AppError(code, msg, httpStatus)`; `src/platform/http/http.ts` alone turns it into the
 * envelope `{ code, msg, data }` with an honest HTTP status (ARCHITECTURE.md "Names", STYLE.md 9).
 * `msg` is shown to the user as a toast (spec §7 "msg is shown as an error"), so it is Chinese and
 * never carries internals; the technical story goes in `cause`, which is logged, never sent.
 */
import type { z } from 'zod';
import { CODE_FAIL } from '~/platform/config/constants';
import { API_MESSAGES } from '~/platform/wire/common';

export type AppErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503;

export interface AppErrorOptions {
  /** What went wrong underneath; logged server-side, never sent to the client. */
  cause?: unknown;
  /** Sent to the client as the envelope's `data` (default null). Must be safe to show. */
  data?: unknown;
  /** Extra response headers, e.g. Retry-After on a 429. */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  /** Envelope code: 1 generic failure (spec §9), or a spec code such as -400 or -410. */
  readonly code: number;
  readonly httpStatus: AppErrorStatus;
  readonly data: unknown;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: number, msg: string, httpStatus: AppErrorStatus, options: AppErrorOptions = {}) {
    super(msg, 'cause' in options ? { cause: options.cause } : undefined);
    this.code = code;
    this.httpStatus = httpStatus;
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
  }
}

/** Options of the helpers: the envelope code defaults to CODE_FAIL (1). */
export interface AppErrorHelperOptions extends AppErrorOptions {
  code?: number;
}

// Messages the server sends; the 401 text is the one spec §8 shows after a 401.
export const MSG_BAD_REQUEST = '请求参数无效';
/** The same spec §8 text the client shows after a 401, from one place. */
export const MSG_UNAUTHORIZED = API_MESSAGES.unauthorized;
export const MSG_FORBIDDEN = '无权进行此操作';
export const MSG_NOT_FOUND = '资源不存在';
export const MSG_CONFLICT = '操作冲突，请刷新后重试';
export const MSG_PAYLOAD_TOO_LARGE = '请求体过大';
export const MSG_UNSUPPORTED_MEDIA_TYPE = '请使用 JSON 格式提交';
export const MSG_MALFORMED_JSON = '请求体不是有效的 JSON';
export const MSG_MALFORMED_MULTIPART = '上传内容格式错误';
export const MSG_TOO_MANY_REQUESTS = '请求过于频繁，请稍后再试';
export const MSG_SERVER_BUSY = '服务器繁忙，请稍后重试';
export const MSG_API_NOT_FOUND = '接口不存在';
export const MSG_METHOD_NOT_ALLOWED = '不支持该请求方法';

function make(status: AppErrorStatus, msg: string, options: AppErrorHelperOptions = {}): AppError {
  const { code = CODE_FAIL, ...rest } = options;
  return new AppError(code, msg, status, rest);
}

export const badRequest = (msg: string = MSG_BAD_REQUEST, options?: AppErrorHelperOptions): AppError =>
  make(400, msg, options);
export const unauthorized = (msg: string = MSG_UNAUTHORIZED, options?: AppErrorHelperOptions): AppError =>
  make(401, msg, options);
export const forbidden = (msg: string = MSG_FORBIDDEN, options?: AppErrorHelperOptions): AppError =>
  make(403, msg, options);
export const notFound = (msg: string = MSG_NOT_FOUND, options?: AppErrorHelperOptions): AppError =>
  make(404, msg, options);
export const conflict = (msg: string = MSG_CONFLICT, options?: AppErrorHelperOptions): AppError =>
  make(409, msg, options);
/**
 * 413. The refused body was not read to its end, so the connection is closed after the answer:
 * left open, the next request on it would queue behind the unread bytes (a keep-alive proxy would
 * stall other users' requests).
 */
export const payloadTooLarge = (msg: string = MSG_PAYLOAD_TOO_LARGE, options: AppErrorHelperOptions = {}): AppError =>
  make(413, msg, { ...options, headers: { connection: 'close', ...options.headers } });
export const unsupportedMediaType = (
  msg: string = MSG_UNSUPPORTED_MEDIA_TYPE,
  options?: AppErrorHelperOptions,
): AppError => make(415, msg, options);
export const methodNotAllowed = (msg: string = MSG_METHOD_NOT_ALLOWED, options?: AppErrorHelperOptions): AppError =>
  make(405, msg, options);
export const tooManyRequests = (msg: string = MSG_TOO_MANY_REQUESTS, options?: AppErrorHelperOptions): AppError =>
  make(429, msg, options);

/** 429 with `Retry-After: <seconds>` (RFC 9110) and the wait in data, so the client can count down. */
export function rateLimited(retryAfterS: number, msg: string = MSG_TOO_MANY_REQUESTS, options: AppErrorHelperOptions = {}): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  return make(429, msg, {
    ...options,
    data: options.data ?? { retry_after: seconds },
    headers: { ...options.headers, 'retry-after': String(seconds) },
  });
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

// ---------------------------------------------------------------------------------------------
// zod issues in Chinese
//
// Every message names the field, so a toast alone tells the caller what to fix:
//   缺少参数 title / 参数 title 无效：应为字符串 / 参数 page 无效：应不小于 1 / 不支持的参数 foo
// A message written on the schema itself wins (zod precedence), so spec texts such as
// 请输入正确的手机号码 pass through untouched. `withReason('...')` gives a schema its own reason
// while keeping the field-naming frame.
// ---------------------------------------------------------------------------------------------

/** One issue as sent in the envelope's data (never the offending input). */
export interface FieldIssue {
  field: string;
  code: string;
  msg: string;
}

/** Envelope data of a validation failure: the first field at fault and every issue. */
export interface ValidationErrorData {
  field: string;
  issues: FieldIssue[];
}

/** At most this many issues are sent back; the first one is the msg. */
const MAX_REPORTED_ISSUES = 10;

/** `['items', 0, 'title']` → `items[0].title`; `[1, 'sessionId']` → `[1].sessionId`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '布尔值',
  array: '数组',
  tuple: '数组',
  object: '对象',
  record: '对象',
  map: '对象',
  set: '数组',
  date: '日期',
  null: 'null',
  file: '文件',
};

const FORMAT_NAMES: Record<string, string> = {
  email: '有效的邮箱地址',
  url: '有效的网址',
  uuid: '有效的 UUID',
  guid: '有效的 GUID',
  datetime: '有效的日期时间',
  date: '有效的日期',
  time: '有效的时间',
  ipv4: '有效的 IPv4 地址',
  ipv6: '有效的 IPv6 地址',
  base64: 'Base64 编码',
  jwt: '有效的 JWT',
};

/** The part of a message after "参数 x 无效：", from a finalised or raw issue. */
function describeReason(issue: z.core.$ZodIssue | z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `应为${TYPE_NAMES[issue.expected] ?? ` ${issue.expected} 类型`}`;
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') {
        if (issue.exact) return `长度应为 ${n} 个字符`;
        return Number(issue.minimum) <= 1 ? '不能为空' : `长度应不少于 ${n} 个字符`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        if (issue.exact) return `应包含 ${n} 项`;
        return `应至少包含 ${n} 项`;
      }
      if (issue.origin === 'date') return issue.inclusive === false ? `应晚于 ${n}` : `应不早于 ${n}`;
      return issue.inclusive === false ? `应大于 ${n}` : `应不小于 ${n}`;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') {
        return issue.exact ? `长度应为 ${n} 个字符` : `长度应不超过 ${n} 个字符`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact ? `应包含 ${n} 项` : `应最多包含 ${n} 项`;
      }
      if (issue.origin === 'date') return issue.inclusive === false ? `应早于 ${n}` : `应不晚于 ${n}`;
      return issue.inclusive === false ? `应小于 ${n}` : `应不大于 ${n}`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => JSON.stringify(v) ?? String(v));
      return values.length === 1 ? `应为 ${values[0]}` : `应为 ${values.join('、')} 之一`;
    }
    case 'invalid_format': {
      const i = issue as { format: string; prefix?: string; suffix?: string; includes?: string };
      if (i.format === 'starts_with') return `应以 "${i.prefix ?? ''}" 开头`;
      if (i.format === 'ends_with') return `应以 "${i.suffix ?? ''}" 结尾`;
      if (i.format === 'includes') return `应包含 "${i.includes ?? ''}"`;
      const name = FORMAT_NAMES[i.format];
      return name ? `应为${name}` : '格式不正确';
    }
    case 'not_multiple_of':
      return `应为 ${String(issue.divisor)} 的倍数`;
    case 'invalid_key':
      return '含有无效的键';
    case 'invalid_element':
      return '含有无效的元素';
    case 'invalid_union': {
      // A discriminated union names the discriminator's allowed values.
      const options = (issue as { options?: readonly unknown[] }).options;
      if (issue.discriminator && Array.isArray(options) && options.length > 0) {
        return `应为 ${options.map((v) => JSON.stringify(v) ?? String(v)).join('、')} 之一`;
      }
      return '格式不正确';
    }
    case 'custom': {
      const reason = issue.params?.['reason'];
      return typeof reason === 'string' ? reason : '格式不正确';
    }
    default:
      return '格式不正确';
  }
}

/** Codes where "nothing was sent" reads better as 缺少参数 than as a wrong value. */
const MISSING_CAPABLE = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

function composeMessage(
  issue: z.core.$ZodIssue | z.core.$ZodRawIssue,
  missing: boolean,
  reason: string = describeReason(issue),
): string {
  const path = issue.path ?? [];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => formatIssuePath([...path, k]));
    return `不支持的参数 ${keys.join('、')}`;
  }
  const field = formatIssuePath(path);
  if (missing && MISSING_CAPABLE.has(issue.code ?? '')) {
    return field ? `缺少参数 ${field}` : '缺少请求参数';
  }
  return field ? `参数 ${field} 无效：${reason}` : `请求参数无效：${reason}`;
}

/**
 * Per-parse zod error map (pass as `{ error: chineseErrorMap }`): sees the raw issue, so it knows
 * whether a field was absent. Schema-level messages outrank it.
 */
export const chineseErrorMap: z.core.$ZodErrorMap = (issue) => composeMessage(issue, isMissing(issue));

/** Whether the raw issue is about a value that was not sent at all. */
function isMissing(issue: z.core.$ZodRawIssue): boolean {
  if (issue.input === undefined) return true;
  // A discriminated union reports a missing discriminator with the enclosing object as input.
  if (issue.code === 'invalid_union' && issue.discriminator) {
    const input = issue.input;
    return typeof input === 'object' && input !== null && (input as Record<string, unknown>)[issue.discriminator] === undefined;
  }
  return false;
}

/**
 * A schema-level error map giving its own reason inside the usual frame, e.g.
 * `z.string().regex(re, { error: withReason('应为 32 位字母或数字') })` → 参数 sessionId 无效：应为 32 位字母或数字.
 */
export function withReason(reason: string): z.core.$ZodErrorMap {
  return (issue) => composeMessage(issue, isMissing(issue), reason);
}

const CJK = /[\u3400-\u9fff]/;

/**
 * Message of a finalised issue. Used for ZodErrors parsed without `chineseErrorMap` (a service's
 * own `schema.parse`): a Chinese message is kept as written; zod's English default is replaced.
 */
function messageOfFinalIssue(issue: z.core.$ZodIssue): string {
  if (CJK.test(issue.message)) return issue.message;
  // A finalised issue has lost its input; zod's default text says "received undefined" then.
  const missing = 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
  return composeMessage(issue, missing);
}

/** The first field at fault: the first unrecognised key, else the issue path. */
function fieldOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) {
    return formatIssuePath([...issue.path, issue.keys[0]!]);
  }
  return formatIssuePath(issue.path);
}

/** A ZodError as a 400 AppError whose msg names the field, data `{ field, issues }`. */
export function validationError(error: z.core.$ZodError): AppError {
  const issues: FieldIssue[] = error.issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => ({
    field: fieldOf(issue),
    code: issue.code,
    msg: messageOfFinalIssue(issue),
  }));
  const first = issues[0];
  const data: ValidationErrorData = { field: first?.field ?? '', issues };
  return new AppError(CODE_FAIL, first?.msg ?? MSG_BAD_REQUEST, 400, { data, cause: error });
}
