/**
 * POST /api/v1/notifications/readAll (Bearer), body optional `{ filter? }` (order|complaint|money|
 * system) — marks all the caller's unread notifications read, or only those of one filter.
 * Answers `{ marked, unread }`.
 */
import { signedIn } from '~/features/sign-in/server';
import { markAllNotificationsRead } from '~/features/notifications/server';
import { NOTIFICATION_WIRE } from '~/features/notifications/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(NOTIFICATION_WIRE.markAllRead, signedIn, async (ctx, input, { userId, now }) =>
  markAllNotificationsRead(ctx.db, userId, input, now),
);
