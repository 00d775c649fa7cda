/**
 * POST /api/v1/ops/content/announcements/save (permission `content`) — `{ mode: 'create', title,
 * body_md, pinned, published, published_at? }` or `{ mode: 'update', id, revision, ... }` →
 * OpsAnnouncementView. A future published_at schedules it. 400 naming the field, 409
 * 内容已被他人修改，请刷新后再编辑, 404 公告不存在. Audited.
 */
import { serveConsole } from '~/features/console/server';
import { saveAnnouncement } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsAnnouncementSave, 'content', async (ctx, body, { actor, now }) => saveAnnouncement(ctx.db, actor, body, now));
