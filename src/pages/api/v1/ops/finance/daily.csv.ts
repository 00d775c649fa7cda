/**
 * GET /api/v1/ops/finance/daily.csv?from&to (permission `finance`): the daily report of the whole
 * range as a CSV download, oldest day first, with a 合计 line. Errors answer the usual JSON envelope.
 */
import { opsFinanceDailyQuerySchema } from '~/lib/contract/ops-finance';
import { handle, headOf, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { financeDailyCsv } from '~/server/services/ops/finance';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'finance', now);
  const query = await readQuery(ctx.url, opsFinanceDailyQuerySchema);
  const { csv, from, to } = await financeDailyCsv(ctx.db, query, now);
  return new Response(csv, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="finance-daily-${from}-${to}.csv"`,
      'cache-control': 'no-store',
    },
  });
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
