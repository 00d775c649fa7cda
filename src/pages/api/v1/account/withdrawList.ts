/**
 * GET /api/v1/account/withdrawList?page=&page_size= (Bearer) → Page<Withdrawal>, newest first;
 * page ≥ 1 (default 1), page_size 1-50 (default 10).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listWithdrawals, withdrawListQuerySchema } from '~/features/wallet/server/withdrawals';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const query = await readQuery(ctx.url, withdrawListQuerySchema);
  return ok(await listWithdrawals(ctx.db, userId, query));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
