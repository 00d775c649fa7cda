/** GET /api/v1/ops/investment-leads?status&page&page_size → Page<OpsInvestLeadView> (permission `campaigns`): 招商合作 applications. */
import { listInvestmentLeads } from '~/features/activities/server';
import { OPS_ACTIVITY_WIRE } from '~/features/activities/wire';
import { serveConsole } from '~/features/console/server';

export const { GET, HEAD, ALL } = serveConsole(OPS_ACTIVITY_WIRE.investmentLeads, 'campaigns', async (ctx, query) => listInvestmentLeads(ctx.db, query));
