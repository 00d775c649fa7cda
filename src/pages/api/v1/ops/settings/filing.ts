/**
 * POST /api/v1/ops/settings/filing `{ operator_name, icp, police, licence }` → null (permission
 * `settings.site`): the operator's name and filing numbers the site footer shows, each only when
 * set. 400 with the field's Chinese message on a malformed number, 409 设置没有变化 when nothing
 * changed. Audited before/after.
 */
import { serveConsole, saveFiling } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveFiling, 'settings.site', async (ctx, body, { actor, now }) => {
  await saveFiling(ctx.db, actor, body, now);
  return null;
});
