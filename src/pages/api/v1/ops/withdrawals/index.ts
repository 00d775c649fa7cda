/**
 * GET /api/v1/ops/withdrawals?page&page_size&state&q&from&to → OpsWithdrawalsPage (permission
 * `withdrawals`): the review queue (state review, the default, oldest first) or withdrawals in any
 * state, searchable by username, phone or withdrawal number and by the day applied.
 */
import { opsWithdrawalsQuerySchema } from '~/features/console/contract/ops-finance';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listWithdrawalsForOps } from '~/features/wallet/server/ops-withdrawals';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'withdrawals');
  const query = await readQuery(ctx.url, opsWithdrawalsQuerySchema);
  return ok(await listWithdrawalsForOps(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
