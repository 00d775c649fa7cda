/**
 * POST /api/v1/ops/campaigns/exchange-codes/deactivate `{ id }` → OpsExchangeBatchView: no code of the
 * batch redeems any more (兑换码已失效). Permission `campaigns`; audited (exchange_batch.deactivate).
 */
import { serveConsole } from '~/features/console/server';
import { deactivateBatch } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.exchangeBatchDeactivate, 'campaigns', async (ctx, { id }, { actor, now }) => deactivateBatch(ctx.db, actor, id, now));
