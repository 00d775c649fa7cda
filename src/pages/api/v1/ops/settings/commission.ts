/**
 * POST /api/v1/ops/settings/commission `{ bps_0, bps_1, bps_2 }` (commission per cert type, basis points) → null (permission `settings.money`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveCommission } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveCommission, 'settings.money', async (ctx, body, { actor, now }) => {
  await saveCommission(ctx.db, actor, body, now);
  return null;
});
