/**
 * POST /api/v1/ops/settings/withdraw-review `{ enabled, above_fen }` (withdrawals above the amount
 * wait for a finance operator) → null (permission `settings.money`): stored with an audit row;
 * 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveWithdrawReview } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveWithdrawReview, 'settings.money', async (ctx, body, { actor, now }) => {
  await saveWithdrawReview(ctx.db, actor, body, now);
  return null;
});
