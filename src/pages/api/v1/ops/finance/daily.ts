/**
 * GET /api/v1/ops/finance/daily?page&page_size&from&to → OpsFinanceDailyPage (permission
 * `finance`): per Shanghai day totals, newest day first, and the totals of the range. With
 * `format=csv` the whole range as a CSV download (oldest day first, a 合计 line); errors answer the
 * usual JSON envelope either way.
 */
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server';
import { financeDaily, financeDailyCsv } from '~/features/wallet/server';
import { financeDailyQuerySchema } from '~/features/console/wire';

// Not served through its route: with format=csv the answer is a CSV download, not the envelope.
export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'finance', now);
  const query = await readQuery(ctx.url, financeDailyQuerySchema);
  if (query.format === 'json') return ok(await financeDaily(ctx.db, query, now));
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
