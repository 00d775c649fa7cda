/**
 * GET /api/v1/account/deactivationCheck (Bearer) — spec §7 account "deactivation check":
 * `{ ok, blockers: [{ key, msg, href }], balance_fen, frozen_fen, mobile_masked, cooling_off_days,
 * status: { state, started_at, cools_until, cancelled_at } }`.
 */
import { signedIn } from '~/features/sign-in/server';
import { checkDeactivation } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.deactivationCheck, signedIn, async (ctx, _input, { userId }) => {
  return checkDeactivation(ctx.db, userId);
});
