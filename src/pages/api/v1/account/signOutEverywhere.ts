/**
 * POST /api/v1/account/signOutEverywhere (Bearer) — empty body → `{ revoked_sessions }`: 退出其他
 * 所有设备, every token of the user but the one of this request.
 */
import { signedIn } from '~/features/sign-in/server';
import { signOutEverywhereElse } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.signOutEverywhere, signedIn, async (ctx, _input, { userId, tokenId, now }) => {
  return signOutEverywhereElse(ctx.db, userId, tokenId, now);
});
