/**
 * POST /api/v1/ops/settings/commission `{ bps_0, bps_1, bps_2 }` (commission per cert type, basis points) → null (permission `settings.money`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsCommissionBodySchema } from '~/lib/contract/site-settings';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { saveCommission } from '~/server/services/ops/settings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'settings.money', now);
  const body = await readJson(ctx.request, opsCommissionBodySchema);
  await saveCommission(ctx.db, actor, body, now);
  return ok(null);
});

export const ALL = opsAllowOnly('POST');
