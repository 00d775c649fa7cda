/** POST /api/v1/ops/content/announcements/publish `{ id, published }` → OpsAnnouncementView (permission `content`). Audited. */
import { opsPublishBodySchema } from '~/lib/contract/content';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { publishAnnouncement } from '~/server/services/ops/content-announcements';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const body = await readJson(ctx.request, opsPublishBodySchema);
  return ok(await publishAnnouncement(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
