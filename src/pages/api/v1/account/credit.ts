/**
 * GET /api/v1/account/credit (Bearer) — the caller's credit score (spec §7 account "credit";
 *): `{ score, level, base, factors: [{ key, label, count, points, rule }] }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getUserCredit } from '~/features/account/server/credit';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await getUserCredit(ctx.db, userId));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
