/**
 * GET /api/v1/notifications/unread?is_today= (Bearer) — spec §7 "reads code and data.popups": the
 * 15 s poll. `{ popups, unread }` (contract UnreadNotifications): unread popups oldest first, at
 * most 20, and the count of all unread. One indexed statement after the token check, nothing else.
 * A static route, so Astro resolves it before notifications/[id].
 */
import { signedIn } from '~/features/sign-in/server';
import { unreadNotifications } from '~/features/notifications/server';
import { NOTIFICATION_WIRE } from '~/features/notifications/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(NOTIFICATION_WIRE.unread, signedIn, async (ctx, query, { userId, now }) =>
  unreadNotifications(ctx.db, userId, query, now),
);
