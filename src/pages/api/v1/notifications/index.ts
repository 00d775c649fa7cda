/**
 * GET /api/v1/notifications?is_today=&filter=&page=&page_size= (Bearer) — spec §7 "GET
 * notifications": the 消息通知 list, unread first then newest, `{ list, total, page, page_size,
 * unread }` (contract NotificationPage). is_today true|false (Shanghai day); filter one of
 * order|complaint|money|system; page ≥ 1; page_size 1-50 (default 20).
 */
import { signedIn } from '~/features/sign-in/server';
import { listNotifications } from '~/features/notifications/server';
import { NOTIFICATION_WIRE } from '~/features/notifications/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(NOTIFICATION_WIRE.list, signedIn, async (ctx, query, { userId, now }) =>
  listNotifications(ctx.db, userId, query, now),
);
