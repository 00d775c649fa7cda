/**
 * GET /api/v1/common/userInfo — the signed-in user's profile (spec §7 "GET user info": data holds
 * profile). Without a valid token: 401 未登录或登录状态已过期,请重新登录.
 */
import { signedIn } from '~/features/sign-in/server';
import { getUserInfo } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.userInfo, signedIn, async (ctx, _input, { userId }) => {
  return getUserInfo(ctx.db, userId);
});
