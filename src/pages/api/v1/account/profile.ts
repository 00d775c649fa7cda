/**
 * POST /api/v1/account/profile (Bearer) — body `{ nickname?, avatar? }` → the profile as GET
 * common/userInfo answers it (spec §7 account group "profile update, avatar"; docs/account-api.md).
 * `avatar` is the id or URL of the user's own upload of purpose avatar (POST uploads/image).
 */
import { signedIn } from '~/features/sign-in/server';
import { updateProfile } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.updateProfile, signedIn, async (ctx, input, { userId }) => {
  return updateProfile(ctx.db, userId, input);
});
