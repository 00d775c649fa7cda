/**
 * POST /api/v1/account/unbind (Bearer) — body `{ provider: 'wechat' | 'qq' }` → `{ list }`. 404 when
 * not bound; 409 解绑后将无法登录… when it is the last way to sign in (no phone, no password, no
 * other binding).
 */
import { unbindBodySchema } from '~/features/account/contract/account-settings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { unbindThirdParty } from '~/features/account/server/account-settings';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { provider } = await readJson(ctx.request, unbindBodySchema);
  return ok(await unbindThirdParty(ctx.db, userId, provider));
});

export const ALL = allowOnly('POST');
