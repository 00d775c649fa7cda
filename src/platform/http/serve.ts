/**
 * Endpoints are a declared route and a handler: `export const { GET, HEAD, ALL } = serve(WIRE.x,
 * (ctx, input) => ...)`. The route says the method, where the input comes from and its schema; the
 * handler gets the validated input and returns the answer's `data`.
 *
 * Under tests (VALIDATE_ANSWERS=1, vitest.config.ts) every answer is parsed with the route's answer
 * schema, so a field renamed in a service fails a test instead of a user.
 */
import type { APIRoute } from 'astro';
import type { z } from 'zod';
import { unsupportedMediaType } from '~/platform/http/errors';
import { MAX_IGNORED_BODY_BYTES, MAX_JSON_BODY_BYTES } from '~/platform/config/constants';
import { allowOnly, handle, headOf, ok, parseInput, readBodyBytes, readJsonBody, refuseDeclaredOver, type HandlerContext } from '~/platform/http/http';
import { pathParameters, type RouteMethod } from '~/platform/wire/route';
import type { WiredRoute } from '~/platform/wire/wired-route';

const VALIDATE_ANSWERS = process.env.VALIDATE_ANSWERS === '1';

/**
 * An answer with headers of its own (a Set-Cookie, a Cache-Control that depends on the caller);
 * the handler returns `withHeaders(data, headers)` instead of the bare data.
 */
export class AnswerWithHeaders<Out> {
  constructor(
    readonly data: Out,
    readonly headers: Record<string, string>,
  ) {}
}

export function withHeaders<Out>(data: Out, headers: Record<string, string>): AnswerWithHeaders<Out> {
  return new AnswerWithHeaders(data, headers);
}

export type RouteHandler<S extends z.ZodType, Out, G = undefined> = (ctx: HandlerContext, input: z.output<S>, gated: G) => Promise<Out | AnswerWithHeaders<Out>>;

/**
 * How an endpoint answers a method it does not serve. The default is allowOnly's 405; the
 * console's is its 404 for anyone not signed in as an operator.
 */
export interface ServeOptions {
  otherMethods?: (method: RouteMethod) => APIRoute;
}

/**
 * What runs before the input is read, typically the sign-in check (sign-in/server/auth-gate.ts
 * `signedIn`): a caller without a token gets 401 whatever the input, as it did before routes were
 * declared. Its result is handed to the handler.
 */
export type RouteGate<G> = (ctx: HandlerContext) => Promise<G>;

/** The exports of an endpoint: the route's method (HEAD with GET) and ALL for every other one. */
export type ServedRoute<M extends RouteMethod> = M extends 'GET' ? { GET: APIRoute; HEAD: APIRoute; ALL: APIRoute } : { POST: APIRoute; ALL: APIRoute };

async function rawInput(route: WiredRoute, ctx: HandlerContext): Promise<unknown> {
  const fromPath: Record<string, string> = {};
  for (const name of pathParameters(route.path)) fromPath[name] = ctx.params[name] ?? '';
  if (route.method === 'GET') {
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(ctx.url.searchParams.keys())) {
      const values = ctx.url.searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0]! : values;
    }
    return { ...query, ...fromPath };
  }
  if (route.body === 'none') {
    // Read (and capped) even though unused: a megabyte sent to a route that takes nothing is refused, not swallowed.
    refuseDeclaredOver(ctx.request, MAX_IGNORED_BODY_BYTES);
    await readBodyBytes(ctx.request, MAX_IGNORED_BODY_BYTES);
    return fromPath;
  }
  if (route.body === 'optional-json') {
    const maxBytes = route.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
    refuseDeclaredOver(ctx.request, maxBytes);
    const bytes = await readBodyBytes(ctx.request, maxBytes);
    if (bytes.byteLength === 0) return fromPath;
    if (ctx.request.headers.get('content-type') === null) throw unsupportedMediaType();
    const replay = new Request(ctx.request.url, { method: 'POST', headers: ctx.request.headers, body: bytes });
    return withPath(await readJsonBody(replay, { maxBytes: route.maxBodyBytes }), fromPath);
  }
  return withPath(await readJsonBody(ctx.request, { maxBytes: route.maxBodyBytes }), fromPath);
}

/** A JSON body that is not an object goes to the schema as it is, to be refused there. */
function withPath(body: unknown, fromPath: Record<string, string>): unknown {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>), ...fromPath } : body;
}

export function serve<In, Out, S extends z.ZodType, A extends z.ZodType, M extends RouteMethod>(
  route: WiredRoute<In, Out, S, A, M>,
  handler: RouteHandler<S, Out>,
): ServedRoute<M>;
export function serve<In, Out, S extends z.ZodType, A extends z.ZodType, M extends RouteMethod, G>(
  route: WiredRoute<In, Out, S, A, M>,
  gate: RouteGate<G>,
  handler: RouteHandler<S, Out, G>,
  options?: ServeOptions,
): ServedRoute<M>;
export function serve<In, Out, S extends z.ZodType, A extends z.ZodType, M extends RouteMethod, G>(
  route: WiredRoute<In, Out, S, A, M>,
  gateOrHandler: RouteGate<G> | RouteHandler<S, Out>,
  maybeHandler?: RouteHandler<S, Out, G>,
  options: ServeOptions = {},
): ServedRoute<M> {
  const gate = maybeHandler ? (gateOrHandler as RouteGate<G>) : null;
  const handler = (maybeHandler ?? gateOrHandler) as RouteHandler<S, Out, G | undefined>;
  const served = handle(async (ctx) => {
    const gated = gate ? await gate(ctx) : undefined;
    const input = await parseInput(route.input, await rawInput(route, ctx));
    const returned = await handler(ctx, input, gated);
    const answer = returned instanceof AnswerWithHeaders ? returned.data : returned;
    const headers: Record<string, string> = { ...(route.cacheControl ? { 'cache-control': route.cacheControl } : {}), ...(returned instanceof AnswerWithHeaders ? returned.headers : {}) };
    if (VALIDATE_ANSWERS) {
      const checked = route.answer.safeParse(answer);
      if (!checked.success) throw new Error(`answer of ${route.method} ${route.path} does not match its route: ${checked.error.message}`);
    }
    return ok(answer, { headers }, route.successCode);
  });
  const other = (options.otherMethods ?? ((method: RouteMethod) => allowOnly(method)))(route.method);
  const exports = route.method === 'GET' ? { GET: served, HEAD: headOf(served), ALL: other } : { POST: served, ALL: other };
  return exports as ServedRoute<M>;
}
