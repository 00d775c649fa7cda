/**
 * POST /api/v1/account/signOutEverywhere (Bearer) — empty body → `{ revoked_sessions }`: 退出其他
 * 所有设备, every token of the user but the one of this request.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { signOutEverywhereElse } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  return ok(await signOutEverywhereElse(ctx.db, userId, tokenId, now));
});

export const ALL = allowOnly('POST');
