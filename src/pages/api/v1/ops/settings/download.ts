/**
 * POST /api/v1/ops/settings/download `{ version, released_on, windows_file, windows_notes,
 * macos_file, macos_notes }` → DownloadManifest (permission `settings.site`): each named file must
 * be an uploaded build (POST ops/downloads/upload); its size and SHA-256 are the ones computed at
 * upload. 400 with the field's message otherwise, 409 设置没有变化 when nothing changed.
 */
import { serveConsole, saveDownload } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.saveDownload, 'settings.site', async (ctx, body, { actor, now }) => saveDownload(ctx.db, actor, body, now));
