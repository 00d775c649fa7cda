/** POST /api/v1/ops/investment-leads/handle { id } → OpsInvestLeadView (permission `campaigns`): marked handled once, audited. 404; 409 when already handled. */
import { opsInvestHandleBodySchema } from '~/features/tasks/contract';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { markInvestmentLeadHandled } from '~/features/activities/server/investment-leads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsInvestHandleBodySchema);
  return ok(await markInvestmentLeadHandled(ctx.db, actor, body.id, now));
});
export const ALL = opsAllowOnly('POST');
