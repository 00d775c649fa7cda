/**
 * POST /api/v1/notifications/{id}/read (Bearer), no body — spec §7 "POST notifications/{id}/read":
 * marks one read. Idempotent (already read answers the same); a malformed id is a 400; a missing id
 * or another user's is 404 通知不存在. Answers `{ id, unread }`.
 */
import { signedIn } from '~/features/sign-in/server';
import { markNotificationRead } from '~/features/notifications/server';
import { NOTIFICATION_WIRE } from '~/features/notifications/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(NOTIFICATION_WIRE.markRead, signedIn, async (ctx, { id }, { userId, now }) =>
  markNotificationRead(ctx.db, userId, id, now),
);
