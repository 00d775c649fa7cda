/**
 * POST /api/v1/ops/settings/review `{ enabled, price_change_percent }` (listing review) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveReview } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveReview, 'settings.site', async (ctx, body, { actor, now }) => {
  await saveReview(ctx.db, actor, body, now);
  return null;
});
