/**
 * GET /api/v1/ops/finance/daily?page&page_size&from&to → OpsFinanceDailyPage (permission
 * `finance`): per Shanghai day totals, newest day first, and the totals of the range.
 */
import { opsFinanceDailyQuerySchema } from '~/lib/contract/ops-finance';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { financeDaily } from '~/server/services/ops/finance';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'finance', now);
  const query = await readQuery(ctx.url, opsFinanceDailyQuerySchema);
  return ok(await financeDaily(ctx.db, query, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
