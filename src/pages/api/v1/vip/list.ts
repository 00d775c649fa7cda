/** GET /api/v1/vip/list — spec §7 vip "list": the plans and, for a signed-in caller, vip_status. Works signed out. */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listVipPlans } from '~/features/wallet/server/vip';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const user = await optionalUser(ctx, now);
  return ok(await listVipPlans(ctx.db, user?.userId ?? null, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
