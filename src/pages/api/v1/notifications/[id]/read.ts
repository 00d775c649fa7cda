/**
 * POST /api/v1/notifications/{id}/read (Bearer), no body — spec §7 "POST notifications/{id}/read":
 * marks one read. Idempotent (already read answers the same); a malformed id is a 400; a missing id
 * or another user's is 404 通知不存在. Answers `{ id, unread }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, parseInput } from '~/platform/http/http';
import { markNotificationRead, notificationIdSchema } from '~/features/notifications/server/notifications';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { id } = await parseInput(notificationIdSchema, { id: ctx.params['id'] ?? '' });
  return ok(await markNotificationRead(ctx.db, userId, id, now));
});

export const ALL = allowOnly('POST');
