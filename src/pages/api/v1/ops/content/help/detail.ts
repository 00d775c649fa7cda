/** GET /api/v1/ops/content/help/detail?id → OpsHelpPageView, drafts included (permission `content`); 404 帮助文档不存在. */
import { serveConsole } from '~/features/console/server';
import { getHelpPageForOps } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { GET, HEAD, ALL } = serveConsole(CONTENT_WIRE.opsHelpDetail, 'content', async (ctx, { id }) => getHelpPageForOps(ctx.db, id));
