/** POST /api/v1/ops/investment-leads/handle { id } → OpsInvestLeadView (permission `campaigns`): marked handled once, audited. 404; 409 when already handled. */
import { markInvestmentLeadHandled } from '~/features/activities/server';
import { OPS_ACTIVITY_WIRE } from '~/features/activities/wire';
import { serveConsole } from '~/features/console/server';

export const { POST, ALL } = serveConsole(OPS_ACTIVITY_WIRE.handleInvestmentLead, 'campaigns', async (ctx, body, { actor, now }) => markInvestmentLeadHandled(ctx.db, actor, body.id, now));
