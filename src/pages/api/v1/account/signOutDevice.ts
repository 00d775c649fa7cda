/**
 * POST /api/v1/account/signOutDevice (Bearer) — body `{ id }` → null: signs one other device out.
 * Another user's device or one already signed out: 404; the current one: 400 (use logout).
 */
import { signOutDeviceBodySchema } from '~/lib/contract/account-settings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { signOutDevice } from '~/server/services/account-settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  const { id } = await readJson(ctx.request, signOutDeviceBodySchema);
  return ok(await signOutDevice(ctx.db, userId, tokenId, id, now));
});

export const ALL = allowOnly('POST');
