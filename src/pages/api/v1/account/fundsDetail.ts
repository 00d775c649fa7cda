/** GET /api/v1/account/fundsDetail?direction=all|in|out&page=&page_size= (Bearer) — 资金明细, one row per balance change, newest first. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { fundsQuerySchema, listFunds } from '~/features/wallet/server/wallet';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await listFunds(ctx.db, userId, await readQuery(ctx.url, fundsQuerySchema)));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
