/**
 * Who is calling the operator console (docs/decisions.md "Operator console").
 *
 * The console is authenticated by the `ops_session` cookie alone. Without a live operator session
 * (a visitor, a renter or a seller, whatever Bearer token they send) every console call answers
 * the same 404 as a path that does not exist, so the console is not there for them. An operator
 * whose role lacks the call's permission gets 403.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { OPS_SESSION_ABSOLUTE_S } from '~/features/console/constants';
import { MSG_OPS_FORBIDDEN, OPS_SESSION_COOKIE, opsCan, opsCanAny, type OpsPendingStep, type OpsPermission } from '~/features/console/contract/ops';
import { clientIp } from '~/platform/http/client-ip';
import { appConfig } from '~/platform/config/config';
import type { Db } from '~/platform/db/client';
import { MSG_API_NOT_FOUND, forbidden, notFound } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson, type HandlerContext } from '~/platform/http/http';
import { resolveOperatorSession, type OperatorActor } from '~/features/console/server/operators';
import { serve, type RouteHandler, type ServedRoute } from '~/platform/http/serve';
import type { RouteMethod } from '~/platform/wire/route';
import type { WiredRoute } from '~/platform/wire/wired-route';

export type { OperatorActor } from '~/features/console/server/operators';

/** The value of cookie `name` in a Cookie header, or null. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

/** The raw session token the request carries, or null. */
export function operatorSessionToken(request: Request): string | null {
  return readCookie(request.headers.get('cookie'), OPS_SESSION_COOKIE);
}

function addressOf(astro: Pick<APIContext, 'request' | 'clientAddress'> | undefined, request: Request): string {
  return clientIp(astro ?? ({ request } as Pick<APIContext, 'request' | 'clientAddress'>));
}

/** The operator behind the request's cookie, or null (no cookie, unknown, ended, disabled). */
export async function currentOperator(request: Request, db: Db, now: Date = new Date(), astro?: Pick<APIContext, 'request' | 'clientAddress'>): Promise<OperatorActor | null> {
  const actor = await resolveOperatorSession(db, operatorSessionToken(request), now);
  return actor ? { ...actor, ip: addressOf(astro, request) } : null;
}

/**
 * The gate of the second-factor calls: a session at one of `steps` (null: fully signed in), else
 * the console's 404, as for anybody without a session.
 */
export function operatorAtStep(steps: readonly (OpsPendingStep | null)[]) {
  return async (ctx: HandlerContext): Promise<{ actor: OperatorActor; now: Date }> => {
    const now = new Date();
    const actor = await resolveOperatorSession(ctx.db, operatorSessionToken(ctx.request), now, { allowPending: true });
    if (!actor || !steps.includes(actor.pending ?? null)) throw consoleNotFound();
    return { actor: { ...actor, ip: addressOf(ctx.astro, ctx.request) }, now };
  };
}

/** A console endpoint served to sessions at `steps` (operatorAtStep); other methods as serveConsole. */
export function serveSecondFactor<In, Out, S extends z.ZodType, A extends z.ZodType, M extends RouteMethod>(
  route: WiredRoute<In, Out, S, A, M>,
  steps: readonly (OpsPendingStep | null)[],
  handler: RouteHandler<S, Out, { actor: OperatorActor; now: Date }>,
): ServedRoute<M> {
  return serve(route, operatorAtStep(steps), handler, { otherMethods: (method) => opsAllowOnly(method) });
}

/** The 404 a non-operator gets from every console call: the answer to a path that does not exist. */
export function consoleNotFound(): Error {
  return notFound(MSG_API_NOT_FOUND);
}

/**
 * The signed-in operator holding `permission` (or any of several), else the console's 404 for a
 * non-operator and 403 无权进行此操作 for an operator without it.
 */
export async function requireOperator(
  ctx: Pick<HandlerContext, 'request' | 'db'> & { astro?: Pick<APIContext, 'request' | 'clientAddress'> },
  permission: OpsPermission | readonly OpsPermission[],
  now: Date = new Date(),
): Promise<OperatorActor> {
  const actor = await currentOperator(ctx.request, ctx.db, now, ctx.astro);
  if (!actor) throw consoleNotFound();
  const allowed = typeof permission === 'string' ? opsCan(actor.role, permission) : opsCanAny(actor.role, permission);
  if (!allowed) throw forbidden(MSG_OPS_FORBIDDEN);
  return actor;
}

/**
 * A console POST with a JSON body: the operator must hold `permission`, the body is read with
 * `schema` (400 with the field's message), then `run` acts; what it returns is the answer's data
 * (null for nothing).
 */
export function opsJsonPost<S extends z.ZodType>(
  permission: OpsPermission,
  schema: S,
  run: (ctx: HandlerContext, actor: OperatorActor, body: z.output<S>, now: Date) => Promise<unknown>,
): APIRoute {
  return handle(async (ctx) => {
    const now = new Date();
    const actor = await requireOperator(ctx, permission, now);
    const body = await readJson(ctx.request, schema);
    return ok(await run(ctx, actor, body, now));
  });
}

/** Any signed-in operator (sign-out, who am I, own password), else the console's 404. */
export async function requireAnyOperator(
  ctx: Pick<HandlerContext, 'request' | 'db'> & { astro?: Pick<APIContext, 'request' | 'clientAddress'> },
  now: Date = new Date(),
): Promise<OperatorActor> {
  const actor = await currentOperator(ctx.request, ctx.db, now, ctx.astro);
  if (!actor) throw consoleNotFound();
  return actor;
}

/**
 * Set-Cookie for a new session: HttpOnly (no script reads it), SameSite=Strict (no other site's
 * page sends it), Path=/ (the pages under /ops and the calls under /api/v1/ops), Secure in
 * production (served over https there).
 */
export function sessionCookieHeader(token: string): string {
  const secure = appConfig().APP_ENV === 'production' ? '; Secure' : '';
  return `${OPS_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${OPS_SESSION_ABSOLUTE_S}${secure}`;
}

/** Set-Cookie that removes the session cookie (sign-out). */
export function clearedSessionCookieHeader(): string {
  const secure = appConfig().APP_ENV === 'production' ? '; Secure' : '';
  return `${OPS_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure}`;
}

/**
 * The `ALL` export of a console endpoint: like allowOnly (405 with Allow, 204 for OPTIONS) for an
 * operator, but the console's 404 for anybody else, so a wrong method does not tell a visitor that
 * the path exists.
 */
export function opsAllowOnly(...methods: string[]): APIRoute {
  const forOperators = allowOnly(...methods);
  const refuse = handle(async () => {
    throw consoleNotFound();
  });
  return async (context) => {
    const db = context.locals.db;
    const actor = db ? await currentOperator(context.request, db) : null;
    return actor ? forOperators(context) : refuse(context);
  };
}

/**
 * The gate of a console endpoint (platform/http/serve.ts): the console's 404 for anybody not signed
 * in as an operator, 403 without `permission` (null: any operator), all before the input is read;
 * the handler gets the operator and the moment the request is served at.
 */
export function operatorWith(permission: OpsPermission | readonly OpsPermission[] | null) {
  return async (ctx: HandlerContext): Promise<{ actor: OperatorActor; now: Date }> => {
    const now = new Date();
    const actor = permission === null ? await requireAnyOperator(ctx, now) : await requireOperator(ctx, permission, now);
    return { actor, now };
  };
}

/**
 * A console endpoint: its declared route, the operator's permission and a handler. A wrong method
 * answers like opsAllowOnly (the console's 404 unless an operator asks).
 */
export function serveConsole<In, Out, S extends z.ZodType, A extends z.ZodType, M extends RouteMethod>(
  route: WiredRoute<In, Out, S, A, M>,
  permission: OpsPermission | readonly OpsPermission[] | null,
  handler: RouteHandler<S, Out, { actor: OperatorActor; now: Date }>,
): ServedRoute<M> {
  return serve(route, operatorWith(permission), handler, { otherMethods: (method) => opsAllowOnly(method) });
}
