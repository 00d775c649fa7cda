/**
 * POST /api/v1/account/profile (Bearer) — body `{ nickname?, avatar? }` → the profile as GET
 * common/userInfo answers it (spec §7 account group "profile update, avatar"; docs/account-api.md).
 * `avatar` is the id or URL of the user's own upload of purpose avatar (POST uploads/image).
 */
import { profileBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { updateProfile } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const input = await readJson(ctx.request, profileBodySchema);
  return ok(await updateProfile(ctx.db, userId, input));
});

export const ALL = allowOnly('POST');
