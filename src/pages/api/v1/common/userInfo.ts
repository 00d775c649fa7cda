/**
 * GET /api/v1/common/userInfo — the signed-in user's profile (spec §7 "GET user info": data holds
 * profile). Without a valid token: 401 未登录或登录状态已过期,请重新登录.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getUserInfo } from '~/features/account/server/users';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await getUserInfo(ctx.db, userId));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
