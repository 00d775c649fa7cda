/**
 * GET /api/v1/account/deactivationCheck (Bearer) — spec §7 account "deactivation check":
 * `{ ok, blockers: [{ key, msg, href }], balance_fen, frozen_fen, mobile_masked, cooling_off_days,
 * status: { state, started_at, cools_until, cancelled_at } }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { checkDeactivation } from '~/features/account/server/deactivation';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await checkDeactivation(ctx.db, userId));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
