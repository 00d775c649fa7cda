/**
 * POST /api/v1/account/unbind (Bearer) — body `{ provider: 'wechat' | 'qq' }` → `{ list }`. 404 when
 * not bound; 409 解绑后将无法登录… when it is the last way to sign in (no phone, no password, no
 * other binding).
 */
import { signedIn } from '~/features/sign-in/server';
import { unbindThirdParty } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.unbind, signedIn, async (ctx, { provider }, { userId }) => {
  return unbindThirdParty(ctx.db, userId, provider);
});
