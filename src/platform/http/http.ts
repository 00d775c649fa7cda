/**
 * The HTTP edge shared by every endpoint under src/pages/api/v1: the envelope `{ code, msg, data }`,
 * body and query validation with Chinese messages, error mapping and the request log line.
 *
 * An endpoint reads: `export const POST = handle(async ({ request }) => { const input = await
 * readJson(request, schema); return ok(await service(db, input)); })`. Services throw AppError;
 * only this module turns errors into responses, and no body ever carries a stack or an internal
 * message (ARCHITECTURE.md: "the body never carries a stack trace").
 */
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { CODE_FAIL, CODE_SUCCESS, MAX_JSON_BODY_BYTES } from '~/platform/config/constants';
import { inputRefusal } from '~/platform/wire/common';
import {
  AppError,
  MSG_MALFORMED_JSON,
  MSG_MALFORMED_MULTIPART,
  MSG_SERVER_BUSY,
  badRequest,
  methodNotAllowed,
  chineseErrorMap,
  payloadTooLarge,
  unsupportedMediaType,
  validationError,
} from '~/platform/http/errors';
import { log, serializeError } from '~/platform/config/log';
import { isBadInputSqlState } from '~/platform/db/errors';
import type { Db } from '~/platform/db/client';
import { requireDb } from '~/platform/http/request-context';

/** The response body of every API call (spec §7: "Responses have code, msg, data"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export const REQUEST_ID_HEADER = 'x-request-id';
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function envelopeResponse(body: Envelope, status: number, init: ResponseInit = {}): Response {
  const headers = new Headers({ 'content-type': JSON_CONTENT_TYPE, 'cache-control': 'no-store' });
  new Headers(init.headers).forEach((value, key) => headers.set(key, value));
  return new Response(JSON.stringify(body), { ...init, status, headers });
}

/** `{ code: 0, msg: 'ok', data }`, HTTP 200 unless `init.status` says otherwise; not cacheable by default. */
export function ok<T>(data: T, init: ResponseInit = {}, code: number = CODE_SUCCESS): Response {
  return envelopeResponse({ code, msg: 'ok', data: data === undefined ? null : data }, init.status ?? 200, init);
}

/**
 * Any thrown value as an envelope response: AppError → its status, code, msg and data; ZodError →
 * 400 naming the field; anything else → 500 服务器繁忙，请稍后重试, logged with its stack here only.
 */
export function fail(error: unknown, requestId: string): Response {
  let appError: AppError;
  if (error instanceof AppError) {
    appError = error;
  } else if (error instanceof z.core.$ZodError) {
    appError = validationError(error);
  } else if (isBadInputSqlState(error)) {
    // A value the schemas let through but the database cannot take is the caller's input, not our
    // fault: 400, and logged as a warning so the schema that let it through gets fixed.
    log.warn('input refused by the database', { requestId, err: serializeError(error) });
    appError = badRequest(undefined, { cause: error });
  } else {
    appError = new AppError(CODE_FAIL, MSG_SERVER_BUSY, 500, { cause: error });
  }
  if (appError.httpStatus >= 500) {
    // The stack and the real cause stay here, in the server log.
    log.error(appError === error ? appError.message : 'unhandled error', {
      requestId,
      status: appError.httpStatus,
      err: serializeError(error),
    });
  } else {
    log.debug(appError.message, { requestId, status: appError.httpStatus, code: appError.code });
  }
  const headers: Record<string, string> = { ...appError.headers, [REQUEST_ID_HEADER]: requestId };
  // RFC 9110: a 401 names the scheme it expects.
  if (appError.httpStatus === 401) headers['www-authenticate'] = 'Bearer';
  return envelopeResponse(
    { code: appError.code, msg: appError.message, data: appError.data ?? null },
    appError.httpStatus,
    { headers },
  );
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** Validate `value` with `schema`; a failure is a 400 whose msg names the field in Chinese. */
export async function parseInput<S extends z.ZodType>(schema: S, value: unknown): Promise<z.output<S>> {
  // One door for every body and query: PostgreSQL text cannot hold NUL, so it never gets past here,
  // and neither does nesting deep enough to overflow a recursive walk further in.
  const refusal = inputRefusal(value);
  if (refusal) throw badRequest(refusal);
  const result = await schema.safeParseAsync(value, { error: chineseErrorMap });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export interface ReadJsonOptions {
  /**
   * Also accept `text/plain`: `navigator.sendBeacon(url, string)` can only send that type.
   * Only endpoints a beacon calls should set it (a text/plain POST skips the CORS preflight).
   */
  acceptTextPlain?: boolean;
  /** Default MAX_JSON_BODY_BYTES (1 MB). */
  maxBytes?: number;
}

function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

function isJsonMediaType(type: string): boolean {
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * The body's bytes, refused with 413 (`tooLargeMsg`) past `maxBytes` whether or not content-length
 * tells the truth: the stream is cancelled at the first byte past the cap, never read to its end.
 */
export async function readBodyBytes(request: Request, maxBytes: number, tooLargeMsg?: string): Promise<Uint8Array<ArrayBuffer>> {
  const body = request.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw payloadTooLarge(tooLargeMsg);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest('请求体读取失败', { cause: error });
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** 413 when content-length declares more than `maxBytes` (the body is then not read at all). */
export function refuseDeclaredOver(request: Request, maxBytes: number, tooLargeMsg?: string): void {
  const declared = request.headers.get('content-length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > maxBytes) throw payloadTooLarge(tooLargeMsg);
}

/** The body as text, refused with 413 past `maxBytes` whether or not content-length tells the truth. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw badRequest(MSG_MALFORMED_JSON, { cause: error });
  }
}

/**
 * The parsed, unvalidated JSON body: 413 请求体过大 (declared or streamed size), 415 请使用 JSON
 * 格式提交, 400 请求体不是有效的 JSON. Use `readJson` unless the schema depends on the body's shape.
 */
export async function readJsonBody(request: Request, options: ReadJsonOptions = {}): Promise<unknown> {
  return (await readJsonText(request, options)).parsed;
}

/** The body's exact text and its parse, after the size and media-type refusals of readJsonBody. */
async function readJsonText(request: Request, options: ReadJsonOptions = {}): Promise<{ text: string; parsed: unknown }> {
  const maxBytes = options.maxBytes ?? MAX_JSON_BODY_BYTES;
  refuseDeclaredOver(request, maxBytes);

  const type = mediaTypeOf(request);
  if (!isJsonMediaType(type) && !(options.acceptTextPlain && type === 'text/plain')) {
    throw unsupportedMediaType();
  }

  const text = await readBodyText(request, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest(MSG_MALFORMED_JSON, { cause: error });
  }
  const refusal = inputRefusal(parsed);
  if (refusal) throw badRequest(refusal);
  return { text, parsed };
}

export interface ReadMultipartOptions {
  /** The whole body's cap, framing included. */
  maxBytes: number;
  /** The 413's message (default 请求体过大). */
  tooLargeMsg?: string;
  /** The 415's message for a body that is not multipart/form-data. */
  unsupportedMsg?: string;
}

/**
 * A multipart/form-data body: 415 for another media type, 413 past `maxBytes` (declared or streamed:
 * reading stops at the first byte past it), 400 上传内容格式错误 when the form cannot be split.
 */
export async function readMultipartForm(request: Request, options: ReadMultipartOptions): Promise<FormData> {
  if (mediaTypeOf(request) !== 'multipart/form-data') throw unsupportedMediaType(options.unsupportedMsg);
  refuseDeclaredOver(request, options.maxBytes, options.tooLargeMsg);
  const body = await readBodyBytes(request, options.maxBytes, options.tooLargeMsg);
  try {
    // Already in memory and capped: the platform's parser splits it.
    return await new Response(body, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch (error) {
    throw badRequest(MSG_MALFORMED_MULTIPART, { cause: error });
  }
}

/** The JSON body validated by `schema` (see `readJsonBody` for the refusals before validation). */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  options?: ReadJsonOptions,
): Promise<z.output<S>> {
  return parseInput(schema, await readJsonBody(request, options));
}

/** A signed POST's body: the exact text the signature covers, and the JSON it holds, validated. */
export interface SignedJson<T> {
  text: string;
  data: T;
}

/**
 * The body of a signed POST (docs/sign-in-api.md "Request signing"): the same refusals as
 * `readJsonBody` (413, 415, 400), plus the raw text, since X-Sign covers the exact bytes sent and a
 * re-serialised object would not match them.
 */
export async function readSignedJson<S extends z.ZodType>(request: Request, schema: S): Promise<SignedJson<z.output<S>>> {
  const { text, parsed } = await readJsonText(request);
  return { text, data: await parseInput(schema, parsed) };
}

/**
 * The query string as an object validated by `schema` (spec §7: GET sends form encoding). Values
 * arrive as strings, so the schema coerces: `z.coerce.number()`, `z.stringbool()` for booleans
 * ('true'/'false'/'1'/'0'; never `z.coerce.boolean()`, which reads 'false' as true). A key given
 * more than once arrives as an array of strings.
 */
export async function readQuery<S extends z.ZodType>(url: URL, schema: S): Promise<z.output<S>> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  return parseInput(schema, raw);
}

// ---------------------------------------------------------------------------------------------
// Handler wrapper
// ---------------------------------------------------------------------------------------------

export interface HandlerContext {
  request: Request;
  url: URL;
  params: APIContext['params'];
  locals: APIContext['locals'];
  requestId: string;
  /** This request's database (from `locals`, put there by middleware or by a test); 503 when absent. */
  readonly db: Db;
  /** The full Astro context (cookies, clientAddress ...) for the rare endpoint that needs it. */
  astro: APIContext;
}

export type Handler = (ctx: HandlerContext) => Promise<Response>;

/** A caller's id is kept only if it is a plain token, so it is safe in logs and headers. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

function resolveRequestId(request: Request, locals: unknown): string {
  // Middleware may have assigned one already; reuse it so its lines and ours correlate.
  const fromLocals = (locals as { requestId?: unknown } | undefined)?.requestId;
  if (typeof fromLocals === 'string' && SANE_REQUEST_ID.test(fromLocals)) return fromLocals;
  const incoming = request.headers.get(REQUEST_ID_HEADER)?.trim();
  if (incoming && SANE_REQUEST_ID.test(incoming)) return incoming;
  return crypto.randomUUID();
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect, a proxied fetch): copy into a new response.
    const headers = new Headers(response.headers);
    headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * Wrap an endpoint: request id (a sane incoming `x-request-id`, else a new UUID) on every response,
 * every throw through `fail`, and one JSON log line per request (method, path, status, ms).
 */
export function handle(handler: Handler): APIRoute {
  return async (context) => {
    const started = performance.now();
    const request = context.request;
    const url = context.url ?? new URL(request.url);
    const requestId = resolveRequestId(request, context.locals);
    let response: Response;
    try {
      const locals = context.locals;
      response = await handler({
        request,
        url,
        params: context.params ?? {},
        locals,
        requestId,
        // Read on use, so an endpoint that needs no database works without one.
        get db() {
          return requireDb(locals);
        },
        astro: context,
      });
    } catch (error) {
      response = fail(error, requestId);
    }
    response = withHeader(response, REQUEST_ID_HEADER, requestId);
    // Path only: query strings may carry tokens (spec §2 /bind?temp_token=...).
    log.info('request', {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
    return response;
  };
}

/** The methods an endpoint answers, as its Allow header names them (HEAD with GET; OPTIONS always). */
function allowHeader(methods: readonly string[]): string {
  const all = new Set(methods);
  if (all.has('GET')) all.add('HEAD');
  all.add('OPTIONS');
  return [...all].join(', ');
}

/**
 * The `ALL` export of an endpoint: OPTIONS answers 204 with the Allow header; any other method it
 * does not implement gets a 405 envelope with that header, instead of a body that is not the
 * envelope. (Astro calls ALL before it would fall back from HEAD to GET: a GET endpoint exports
 * `HEAD = headOf(GET)`.)
 */
export function allowOnly(...methods: string[]): APIRoute {
  const allow = allowHeader(methods);
  const route = handle(async () => {
    throw methodNotAllowed();
  });
  return async (context) => {
    if (context.request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow, 'cache-control': 'no-store' } });
    return withHeader(await route(context), 'allow', allow);
  };
}

/** HEAD for a GET endpoint (uptime checks, load balancers): the GET's status and headers, no body. */
export function headOf(get: APIRoute): APIRoute {
  return async (context) => {
    const response = await get(context);
    await response.body?.cancel();
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
