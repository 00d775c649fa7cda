/**
 * POST /api/v1/ops/settings/contacts `{ lines, notice }` (one contact per line: 名称 | 联系方式 | 说明) → null (permission `settings.site`): stored with an audit row per changed
 * key; 400 with the field's Chinese message on bad input, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveContacts } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveContacts, 'settings.site', async (ctx, contacts, { actor, now }) => {
  await saveContacts(ctx.db, actor, contacts, now);
  return null;
});
