/**
 * POST /api/v1/ops/downloads/delete `{ name }` (permission `settings.site`): deletes an uploaded
 * launcher build; /downloads/<name> answers 410 afterwards. 404 文件不存在 for no such build, 409
 * while the download manifest offers it. Audited (download.delete).
 */
import { deleteDownloadBuild, serveConsole } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.deleteDownloadFile, 'settings.site', async (ctx, body, { actor, now }) => deleteDownloadBuild(ctx.db, actor, body.name, now));
