/**
 * POST /api/v1/ops/campaigns/exchange-codes/create `{ name, reward_kind red_packet|gold, template_id? |
 * gold_coins?, count, uses_per_code, per_user_limit, expires_at, request_key }` → `{ batch, replayed }`
 * (permission `campaigns`). The codes are exported by exchange-codes/export. Audited (exchange_batch.create).
 */
import { exchangeBatchCreateBodySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { createBatch } from '~/features/campaigns/server/ops-exchange-codes';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'campaigns', now);
  const body = await readJson(ctx.request, exchangeBatchCreateBodySchema);
  return ok(await createBatch(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
