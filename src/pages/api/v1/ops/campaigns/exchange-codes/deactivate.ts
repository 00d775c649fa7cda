/**
 * POST /api/v1/ops/campaigns/exchange-codes/deactivate `{ id }` → OpsExchangeBatchView: no code of the
 * batch redeems any more (兑换码已失效). Permission `campaigns`; audited (exchange_batch.deactivate).
 */
import { opsIdBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { deactivateBatch } from '~/features/campaigns/server/ops-exchange-codes';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsIdBodySchema);
  return ok(await deactivateBatch(ctx.db, actor, body.id, now));
});

export const ALL = opsAllowOnly('POST');
