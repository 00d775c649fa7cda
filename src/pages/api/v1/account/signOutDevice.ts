/**
 * POST /api/v1/account/signOutDevice (Bearer) — body `{ id }` → null: signs one other device out.
 * Another user's device or one already signed out: 404; the current one: 400 (use logout).
 */
import { signOutDeviceBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { signOutDevice } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  const { id } = await readJson(ctx.request, signOutDeviceBodySchema);
  return ok(await signOutDevice(ctx.db, userId, tokenId, id, now));
});

export const ALL = allowOnly('POST');
