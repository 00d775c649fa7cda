/** GET /api/v1/ops/investment-leads?status&page&page_size → Page<OpsInvestLeadView> (permission `campaigns`): 招商合作 applications. */
import { opsInvestQuerySchema } from '~/features/tasks/contract';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listInvestmentLeads } from '~/features/activities/server/investment-leads';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'campaigns');
  const query = await readQuery(ctx.url, opsInvestQuerySchema);
  return ok(await listInvestmentLeads(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
