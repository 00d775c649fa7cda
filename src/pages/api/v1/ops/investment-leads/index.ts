/** GET /api/v1/ops/investment-leads?status&page&page_size → Page<OpsInvestLeadView> (permission `campaigns`): 招商合作 applications. */
import { opsInvestQuerySchema } from '~/lib/contract/tasks';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listInvestmentLeads } from '~/server/services/investment-leads';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'campaigns');
  const query = await readQuery(ctx.url, opsInvestQuerySchema);
  return ok(await listInvestmentLeads(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
