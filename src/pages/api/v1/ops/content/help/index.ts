/** GET /api/v1/ops/content/help?page&page_size&q&type&status → Page<OpsHelpPageRow> (permission `content`). */
import { serveConsole } from '~/features/console/server';
import { listHelpPagesForOps } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { GET, HEAD, ALL } = serveConsole(CONTENT_WIRE.opsHelpList, 'content', async (ctx, query) => listHelpPagesForOps(ctx.db, query));
