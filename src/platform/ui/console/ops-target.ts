/**
 * Where a console form or action POSTs: a declared route (its feature's routes.ts, the way every
 * console call is meant to go), or, for a screen whose routes are not declared yet, a path under
 * /api/v1/ops.
 */
import { callConsole, opsPost } from '~/platform/client/console';
import type { Route } from '~/platform/wire/route';

export type OpsTarget = { route: Route<unknown, unknown, 'POST'>; endpoint?: undefined } | { endpoint: string; route?: undefined };

/** POSTs `body` (JSON) to the target. */
export function postToConsole(target: OpsTarget, body: Record<string, unknown>): Promise<unknown> {
  return target.route ? callConsole(target.route, body) : opsPost(target.endpoint, body);
}
