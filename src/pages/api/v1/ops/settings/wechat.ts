/**
 * POST /api/v1/ops/settings/wechat `{ enabled, follow_url, text, text_pay_result, text_order }` (official-account QR) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveWechat } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveWechat, 'settings.site', async (ctx, body, { actor, now }) => {
  await saveWechat(ctx.db, actor, body, now);
  return null;
});
