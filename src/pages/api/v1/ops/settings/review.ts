/**
 * POST /api/v1/ops/settings/review `{ enabled, price_change_percent }` (listing review) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsReviewBodySchema } from '~/features/content/contract/site-settings';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { saveReview } from '~/features/console/server/settings';

export const POST = opsJsonPost('settings.site', opsReviewBodySchema, (ctx, actor, body, now) => saveReview(ctx.db, actor, body, now));

export const ALL = opsAllowOnly('POST');
