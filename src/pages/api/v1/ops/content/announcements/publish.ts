/** POST /api/v1/ops/content/announcements/publish `{ id, published }` → OpsAnnouncementView (permission `content`). Audited. */
import { serveConsole } from '~/features/console/server';
import { publishAnnouncement } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsAnnouncementPublish, 'content', async (ctx, body, { actor, now }) => publishAnnouncement(ctx.db, actor, body, now));
