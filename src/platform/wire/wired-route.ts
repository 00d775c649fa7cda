/**
 * A declared route with the schemas of its request and its answer, bound in the feature's
 * `wire.ts`. The endpoint serves it (platform/http/serve.ts) and the tests read its answer schema;
 * the browser imports only the route (routes.ts), never this.
 */
import type { z } from 'zod';
import type { Route, RouteMethod } from '~/platform/wire/route';

/**
 * How a POST's body is read: JSON (415 for another media type), JSON or nothing at all (a bare
 * POST means no options), or not read (everything the route takes is in its path).
 */
export type RouteBody = 'json' | 'optional-json' | 'none';

export interface WiredRoute<In = unknown, Out = unknown, S extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType, M extends RouteMethod = RouteMethod>
  extends Route<In, Out, M> {
  /** The query (GET) or body (POST), with the path parameters merged in, as the endpoint reads it. */
  readonly input: S;
  /** The answer's `data`. */
  readonly answer: A;
  readonly body: RouteBody;
  /** The largest body a POST may send (default: the JSON reader's 1 MB). */
  readonly maxBodyBytes?: number;
  /** The answer's Cache-Control when not the envelope's default (no-store). */
  readonly cacheControl?: string;
}

/**
 * Binds schemas to a route. The answer schema's output must be the route's answer type, so a
 * renamed field in one fails the type check of the other.
 */
export function wire<In, Out, M extends RouteMethod, S extends z.ZodType, A extends z.ZodType<Out>>(
  route: Route<In, Out, M>,
  schemas: { input: S; answer: A; body?: RouteBody; maxBodyBytes?: number; cacheControl?: string },
): WiredRoute<In, Out, S, A, M> {
  const body = schemas.body ?? (route.method === 'GET' ? 'none' : 'json');
  return { ...route, input: schemas.input, answer: schemas.answer, body, maxBodyBytes: schemas.maxBodyBytes, cacheControl: schemas.cacheControl };
}
