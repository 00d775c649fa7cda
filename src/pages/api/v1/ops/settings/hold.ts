/**
 * POST /api/v1/ops/settings/hold `{ hours }` (earnings hold after a rental ends) → null (permission `settings.money`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsHoldBodySchema } from '~/features/content/contract/site-settings';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { saveHold } from '~/features/console/server/settings';

export const POST = opsJsonPost('settings.money', opsHoldBodySchema, (ctx, actor, body, now) => saveHold(ctx.db, actor, body, now));

export const ALL = opsAllowOnly('POST');
