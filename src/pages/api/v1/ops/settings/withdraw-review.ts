/**
 * POST /api/v1/ops/settings/withdraw-review `{ enabled, above_fen }` (withdrawals above the amount
 * wait for a finance operator) → null (permission `settings.money`): stored with an audit row;
 * 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { opsWithdrawReviewBodySchema } from '~/features/content/contract/site-settings';
import { opsAllowOnly, opsJsonPost } from '~/features/console/server/ops-auth';
import { saveWithdrawReview } from '~/features/console/server/settings';

export const POST = opsJsonPost('settings.money', opsWithdrawReviewBodySchema, (ctx, actor, body, now) => saveWithdrawReview(ctx.db, actor, body, now));

export const ALL = opsAllowOnly('POST');
