/**
 * POST /api/v1/ops/campaigns/exchange-codes/create `{ name, reward_kind red_packet|gold, template_id? |
 * gold_coins?, count, uses_per_code, per_user_limit, expires_at, request_key }` → `{ batch, replayed }`
 * (permission `campaigns`). The codes are exported by exchange-codes/export. Audited (exchange_batch.create).
 */
import { serveConsole } from '~/features/console/server';
import { createBatch } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.exchangeBatchCreate, 'campaigns', async (ctx, body, { actor, now }) => createBatch(ctx.db, actor, body, now));
