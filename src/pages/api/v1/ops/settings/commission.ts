/**
 * POST /api/v1/ops/settings/commission `{ bps_0, bps_1, bps_2 }` (commission per cert type, basis points) → null (permission `settings.money`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsCommissionBodySchema } from '~/features/content/contract/site-settings';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { saveCommission } from '~/features/console/server/settings';

export const POST = opsJsonPost('settings.money', opsCommissionBodySchema, (ctx, actor, body, now) => saveCommission(ctx.db, actor, body, now));

export const ALL = opsAllowOnly('POST');
