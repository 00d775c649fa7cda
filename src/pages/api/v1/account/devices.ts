/**
 * GET /api/v1/account/devices (Bearer) → `{ list }`: the devices signed in (live session tokens),
 * the current one first and marked `current` (docs/account-api.md).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok } from '~/platform/http/http';
import { listDevices } from '~/features/account/server/account-settings';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  return ok(await listDevices(ctx.db, userId, tokenId, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'HEAD');
