/** POST /api/v1/ops/content/help/publish `{ id, published }` → OpsHelpPageView (permission `content`). Audited. */
import { serveConsole } from '~/features/console/server';
import { publishHelpPage } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsHelpPublish, 'content', async (ctx, body, { actor, now }) => publishHelpPage(ctx.db, actor, body, now));
