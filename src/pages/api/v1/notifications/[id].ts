/**
 * GET /api/v1/notifications/{id} (Bearer) — one of the caller's notifications (contract
 * NotificationView) for /account/notify_detail. A malformed id is a 400; a missing id or another
 * user's is 404 通知不存在.
 */
import { signedIn } from '~/features/sign-in/server';
import { getNotification } from '~/features/notifications/server';
import { NOTIFICATION_WIRE } from '~/features/notifications/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(NOTIFICATION_WIRE.get, signedIn, async (ctx, { id }, { userId, now }) =>
  getNotification(ctx.db, userId, id, now),
);
