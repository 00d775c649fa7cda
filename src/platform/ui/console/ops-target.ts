/**
 * Where a console form or action POSTs: a declared route (its feature's routes.ts). A route is
 * plain data, so a server-rendered page hands it to the island as a prop.
 */
import { callConsole } from '~/platform/client/console';
import type { Route } from '~/platform/wire/route';

export interface OpsTarget {
  route: Route<unknown, unknown, 'POST'>;
}

/** POSTs `body` (JSON) to the target's route. */
export function postToConsole(target: OpsTarget, body: Record<string, unknown>): Promise<unknown> {
  return callConsole(target.route, body);
}
