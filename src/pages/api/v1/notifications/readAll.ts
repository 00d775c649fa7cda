/**
 * POST /api/v1/notifications/readAll (Bearer), body optional `{ filter? }` (order|complaint|money|
 * system) — marks all the caller's unread notifications read, or only those of one filter.
 * Answers `{ marked, unread }`.
 */
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { markAllNotificationsRead, readAllBodySchema } from '~/server/services/notifications';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  // "Mark all read" needs no body: an empty one means no filter.
  const empty = ctx.request.body === null || ctx.request.headers.get('content-length')?.trim() === '0';
  const input = empty ? {} : await readJson(ctx.request, readAllBodySchema);
  return ok(await markAllNotificationsRead(ctx.db, userId, input, now));
});

export const ALL = allowOnly('POST');
