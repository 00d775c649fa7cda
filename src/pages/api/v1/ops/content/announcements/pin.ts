/** POST /api/v1/ops/content/announcements/pin `{ id, pinned }` → OpsAnnouncementView (permission `content`). Audited. */
import { opsPinBodySchema } from '~/features/content/contract/content';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { pinAnnouncement } from '~/features/content/server/ops-content-announcements';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const body = await readJson(ctx.request, opsPinBodySchema);
  return ok(await pinAnnouncement(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
