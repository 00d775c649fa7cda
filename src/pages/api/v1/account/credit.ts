/**
 * GET /api/v1/account/credit (Bearer) — the caller's credit score (spec §7 account "credit";
 *): `{ score, level, base, factors: [{ key, label, count, points, rule }] }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { getUserCredit } from '~/features/account/server/credit';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.credit, async (ctx) => {
  const { userId } = await requireUser(ctx);
  return getUserCredit(ctx.db, userId);
});
