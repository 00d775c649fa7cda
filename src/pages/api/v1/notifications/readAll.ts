/**
 * POST /api/v1/notifications/readAll (Bearer), body optional `{ filter? }` (order|complaint|money|
 * system) — marks all the caller's unread notifications read, or only those of one filter.
 * Answers `{ marked, unread }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { markAllNotificationsRead } from '~/features/notifications/server/notifications';
import { NOTIFICATION_WIRE } from '~/features/notifications/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(NOTIFICATION_WIRE.markAllRead, async (ctx, input) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return markAllNotificationsRead(ctx.db, userId, input, now);
});
