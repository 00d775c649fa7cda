/** GET /api/v1/account/fundsDetail?direction=all|in|out&page=&page_size= (Bearer) — 资金明细, one row per balance change, newest first. */
import { requireUser } from '~/server/auth';
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { fundsQuerySchema, listFunds } from '~/server/services/wallet';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await listFunds(ctx.db, userId, await readQuery(ctx.url, fundsQuerySchema)));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
