/**
 * POST /api/v1/ops/content/announcements/save (permission `content`) — `{ mode: 'create', title,
 * body_md, pinned, published, published_at? }` or `{ mode: 'update', id, revision, ... }` →
 * OpsAnnouncementView. A future published_at schedules it. 400 naming the field, 409
 * 内容已被他人修改，请刷新后再编辑, 404 公告不存在. Audited.
 */
import { opsAnnouncementSaveBodySchema } from '~/features/content/contract/content';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { saveAnnouncement } from '~/features/content/server/ops-content-announcements';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const body = await readJson(ctx.request, opsAnnouncementSaveBodySchema);
  return ok(await saveAnnouncement(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
