/**
 * What every console page does first: find the operator behind the session cookie and
 * check the screen's permission. A page reads
 *
 *   const gate = await opsPageGate(Astro, 'ops_complaints');
 *   if (gate instanceof Response) return gate;
 *   const actor = gate;
 *
 * Non-operators get the site's own 404 page, exactly what an unknown address shows; an operator
 * without the permission gets the console's 403 page. Console pages are never cached anywhere.
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { OPS_PAGE_SIZE } from '~/platform/config/constants';
import { opsRouteByName, opsRouteOpen } from '~/features/console/ops-routes';
import type { Db } from '~/platform/db/client';
import { AppError } from '~/platform/http/errors';
import { currentOperator, type OperatorActor } from '~/features/console/server/ops-auth';
import { OPS_LOGIN_PATH } from '~/features/console/ops-routes';

export const OPS_FORBIDDEN_PATH = '/ops/forbidden';

/** Headers of every console page: private, never stored, never indexed. */
function markPrivate(astro: AstroGlobal): void {
  astro.response.headers.set('cache-control', 'no-store');
  astro.response.headers.set('x-robots-tag', 'noindex, nofollow');
}

/**
 * The signed-in operator allowed on console route `routeName`, or the Response to return instead
 * (the 404 page for a non-operator, the 403 page for a missing permission).
 */
export async function opsPageGate(astro: AstroGlobal, routeName: string): Promise<OperatorActor | Response> {
  markPrivate(astro);
  const db = astro.locals.db;
  const actor = db ? await currentOperator(astro.request, db, new Date(), astro) : null;
  if (!actor) return astro.rewrite('/404');
  if (!opsRouteOpen(opsRouteByName(routeName), actor.role)) return astro.rewrite(OPS_FORBIDDEN_PATH);
  return actor;
}

/** The operator on a page open to every operator (the 403 page itself), or the 404 page. */
export async function opsAnyOperatorGate(astro: AstroGlobal): Promise<OperatorActor | Response> {
  markPrivate(astro);
  const db = astro.locals.db;
  const actor = db ? await currentOperator(astro.request, db, new Date(), astro) : null;
  return actor ?? astro.rewrite('/404');
}

/** The sign-in page's look at the cookie: already signed in goes straight to the console. */
export async function operatorOnLoginPage(astro: AstroGlobal): Promise<OperatorActor | null> {
  markPrivate(astro);
  const db = astro.locals.db;
  return db ? currentOperator(astro.request, db, new Date(), astro) : null;
}

export { OPS_LOGIN_PATH };

/**
 * A console page's query string read with `schema`: filters and paging live in the address, and a
 * value that does not parse falls back to its default instead of failing the page. Give each field
 * a `.catch(default)` (see `pageNumberParam`, `textParam`); a key given twice reads its first value.
 */
export function readPageQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of new Set(url.searchParams.keys())) raw[key] = url.searchParams.get(key) ?? '';
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return schema.parse({});
}

/** ?page=N: 1 when absent or nonsense. */
export const pageNumberParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** A free-text filter: trimmed, at most `max` characters, no control characters; '' when absent. */
export const textParam = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value))
    .catch('');

/** One of `values`, else `fallback` (a select's value). */
export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) => z.enum(values).catch(fallback);

/** The console's page size (one place: every table shows the same number of rows). */
export const OPS_TABLE_PAGE_SIZE = OPS_PAGE_SIZE;

const detailIdQuery = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647).catch(0) });

/**
 * A console detail page's record, from `?id=`: what `load` answers, or null (and the page's status
 * 404) when the id is missing, malformed or names nothing. Other errors are the page's to fail on.
 */
export async function opsDetailById<T>(astro: AstroGlobal, load: (db: Db, id: number, now: Date) => Promise<T>): Promise<T | null> {
  const { id } = readPageQuery(astro.url, detailIdQuery);
  let view: T | null = null;
  if (id > 0) {
    try {
      view = await load(astro.locals.db!, id, new Date());
    } catch (error) {
      if (!(error instanceof AppError && error.httpStatus === 404)) throw error;
    }
  }
  if (view === null) astro.response.status = 404;
  return view;
}
