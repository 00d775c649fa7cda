/**
 * GET /api/v1/notifications?is_today=&filter=&page=&page_size= (Bearer) — spec §7 "GET
 * notifications": the 消息通知 list, unread first then newest, `{ list, total, page, page_size,
 * unread }` (contract NotificationPage). is_today true|false (Shanghai day); filter one of
 * order|complaint|money|system; page ≥ 1; page_size 1-50 (default 20).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { listNotifications, notificationListQuerySchema } from '~/features/notifications/server/notifications';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const query = await readQuery(ctx.url, notificationListQuerySchema);
  return ok(await listNotifications(ctx.db, userId, query, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
