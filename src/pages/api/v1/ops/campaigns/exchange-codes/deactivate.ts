/**
 * POST /api/v1/ops/campaigns/exchange-codes/deactivate `{ id }` → OpsExchangeBatchView: no code of the
 * batch redeems any more (兑换码已失效). Permission `campaigns`; audited (exchange_batch.deactivate).
 */
import { opsIdBodySchema } from '~/lib/contract/ops-campaigns';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { deactivateBatch } from '~/server/services/ops/exchange-codes';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, opsIdBodySchema);
  return ok(await deactivateBatch(ctx.db, actor, body.id, now));
});

export const ALL = opsAllowOnly('POST');
