/** POST /api/v1/ops/investment-leads/handle { id } → OpsInvestLeadView (permission `campaigns`): marked handled once, audited. 404; 409 when already handled. */
import { opsInvestHandleBodySchema } from '~/lib/contract/tasks';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { markInvestmentLeadHandled } from '~/server/services/investment-leads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsInvestHandleBodySchema);
  return ok(await markInvestmentLeadHandled(ctx.db, actor, body.id, now));
});
export const ALL = opsAllowOnly('POST');
