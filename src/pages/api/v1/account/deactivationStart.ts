/**
 * POST /api/v1/account/deactivationStart (Bearer) — spec §7 account "deactivation start/confirm"
 *: `{ code, forfeit_balance }` → the request's status. 400 验证码错误或已过期, 409 with
 * the first blocker's sentence (and all of them in data.blockers), 409 when one is already pending.
 * Every session of the user ends: the page then shows unactive_result.
 */
import { signedIn } from '~/features/sign-in/server';
import { startDeactivation } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.deactivationStart, signedIn, async (ctx, input, { userId, now }) => {
  return startDeactivation(ctx.db, userId, input, now);
});
