/** GET /api/v1/ops/content/announcements/detail?id → OpsAnnouncementView, drafts included (permission `content`); 404 公告不存在. */
import { serveConsole } from '~/features/console/server';
import { getAnnouncementForOps } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { GET, HEAD, ALL } = serveConsole(CONTENT_WIRE.opsAnnouncementDetail, 'content', async (ctx, { id }, { now }) => getAnnouncementForOps(ctx.db, id, now));
