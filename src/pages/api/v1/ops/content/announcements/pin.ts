/** POST /api/v1/ops/content/announcements/pin `{ id, pinned }` → OpsAnnouncementView (permission `content`). Audited. */
import { serveConsole } from '~/features/console/server';
import { pinAnnouncement } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsAnnouncementPin, 'content', async (ctx, body, { actor, now }) => pinAnnouncement(ctx.db, actor, body, now));
