/**
 * GET /api/v1/account/bindings (Bearer) → `{ list }`: WeChat and QQ, each bound or not.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok } from '~/platform/http/http';
import { listBindings } from '~/features/account/server/account-settings';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await listBindings(ctx.db, userId));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'HEAD');
