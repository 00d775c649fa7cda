/**
 * POST /api/v1/ops/settings/hold `{ hours }` (earnings hold after a rental ends) → null (permission `settings.money`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveHold } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveHold, 'settings.money', async (ctx, body, { actor, now }) => {
  await saveHold(ctx.db, actor, body, now);
  return null;
});
