/**
 * GET /api/v1/account/credit (Bearer) — the caller's credit score (spec §7 account "credit";
 *): `{ score, level, base, factors: [{ key, label, count, points, rule }] }`.
 */
import { signedIn } from '~/features/sign-in/server';
import { getUserCredit } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.credit, signedIn, async (ctx, _input, { userId }) => {
  return getUserCredit(ctx.db, userId);
});
