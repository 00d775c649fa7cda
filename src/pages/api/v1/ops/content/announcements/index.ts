/** GET /api/v1/ops/content/announcements?page&page_size&q&state → Page<OpsAnnouncementRow> (permission `content`). */
import { serveConsole } from '~/features/console/server';
import { listAnnouncementsForOps } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { GET, HEAD, ALL } = serveConsole(CONTENT_WIRE.opsAnnouncementList, 'content', async (ctx, query, { now }) => listAnnouncementsForOps(ctx.db, query, now));
