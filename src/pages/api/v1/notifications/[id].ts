/**
 * GET /api/v1/notifications/{id} (Bearer) — one of the caller's notifications (contract
 * NotificationView) for /account/notify_detail. A malformed id is a 400; a missing id or another
 * user's is 404 通知不存在.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, parseInput } from '~/platform/http/http';
import { getNotification, notificationIdSchema } from '~/features/notifications/server/notifications';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { id } = await parseInput(notificationIdSchema, { id: ctx.params['id'] ?? '' });
  return ok(await getNotification(ctx.db, userId, id, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
