/**
 * POST /api/v1/ops/settings/withdraw-review `{ enabled, above_fen }` (withdrawals above the amount
 * wait for a finance operator) → `{ approval_id }` (permission `settings.money`): the change waits
 * for a second operator's approval (maker-checker) and is stored with its audit row when approved;
 * 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing would change or
 * when a change already waits.
 */
import { serveConsole, saveWithdrawReview } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveWithdrawReview, 'settings.money', async (ctx, body, { actor, now }) => saveWithdrawReview(ctx.db, actor, body, now));
