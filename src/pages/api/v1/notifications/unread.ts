/**
 * GET /api/v1/notifications/unread?is_today= (Bearer) — spec §7 "reads code and data.popups": the
 * 15 s poll. `{ popups, unread }` (contract UnreadNotifications): unread popups oldest first, at
 * most 20, and the count of all unread. One indexed statement after the token check, nothing else.
 * A static route, so Astro resolves it before notifications/[id].
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { unreadNotifications, unreadQuerySchema } from '~/features/notifications/server/notifications';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const query = await readQuery(ctx.url, unreadQuerySchema);
  return ok(await unreadNotifications(ctx.db, userId, query, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
