/**
 * POST /api/v1/ops/content/preview `{ body_md }` → `{ html }` (permission `content`): the live
 * preview of the console's editors, rendered by the same function as what is published, so the
 * preview is what readers will get. 400 for a body the renderer refuses.
 */
import { serveConsole } from '~/features/console/server';
import { previewMarkdown } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsPreview, 'content', async (_ctx, body) => previewMarkdown(body.body_md));
