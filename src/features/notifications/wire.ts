/**
 * The notifications' routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types of the
 * contract are these schemas' outputs.
 */
import { z } from 'zod';
import { NOTIFICATION_FILTERS, NOTIFICATION_KINDS, type NotificationFilter } from '~/features/notifications/contract';
import { NOTIFICATION_ROUTES } from '~/features/notifications/routes';
import { withReason } from '~/platform/http/errors';
import { optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

/** Most a page of the 消息通知 list holds. */
export const NOTIFICATION_PAGE_SIZE_MAX = 50;
/** A page past this would overflow the offset arithmetic; nobody pages that far. */
const MAX_PAGE = 1_000_000;

// ---------------------------------------------------------------------------------------------
// requests

const isTodaySchema = optionalQuery(
  z.enum(['true', 'false', '1', '0'], { error: withReason('应为 true 或 false') }).transform((value) => value === 'true' || value === '1'),
);
const filterKeys = Object.keys(NOTIFICATION_FILTERS) as [NotificationFilter, ...NotificationFilter[]];
const filterSchema = optionalQuery(z.enum(filterKeys, { error: withReason(`应为 ${filterKeys.join('、')} 之一`) }));

/** GET /api/v1/notifications?is_today=&filter=&page=&page_size= */
export const notificationListQuerySchema = z.object({
  is_today: isTodaySchema,
  filter: filterSchema,
  page: optionalQuery(queryIntSchema(1, MAX_PAGE)),
  page_size: optionalQuery(queryIntSchema(1, NOTIFICATION_PAGE_SIZE_MAX)),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** GET /api/v1/notifications/unread?is_today= */
export const unreadQuerySchema = z.object({ is_today: isTodaySchema });
export type UnreadQuery = z.output<typeof unreadQuerySchema>;

/** POST /api/v1/notifications/readAll, body optional: { filter? } */
export const readAllBodySchema = z.object({ filter: filterSchema });
export type ReadAllInput = z.output<typeof readAllBodySchema>;

/** The {id} of a path: a positive integer within PostgreSQL's integer (400 otherwise). */
export const notificationIdSchema = z.object({ id: queryIdSchema });

// ---------------------------------------------------------------------------------------------
// answers

/** spec §3 Notification, plus when it was written and whether it has been read. */
export const notificationViewSchema = z.strictObject({
  id: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  notification_type: z.enum(NOTIFICATION_KINDS),
  /** spec §3: params is JSON and carries order_no where an order is concerned. */
  params: z.looseObject({ order_no: z.string().optional() }),
  /** Written today (Asia/Shanghai day). */
  is_today: z.boolean(),
  is_read: z.boolean(),
  /** ISO 8601. */
  created_at: z.string(),
});

/** Unread first, then newest first; `unread` counts all unread. */
export const notificationPageSchema = pageSchema(notificationViewSchema).extend({ unread: z.number().int().nonnegative() });

/** spec §7 "reads code and data.popups". */
export const unreadNotificationsSchema = z.strictObject({
  /** Unread notifications to pop up, oldest first (the queue shows them in order). */
  popups: z.array(notificationViewSchema),
  /** All unread notifications (the header badge). */
  unread: z.number().int().nonnegative(),
});

/** The id, and how many are still unread (the badge). */
export const notificationReadResultSchema = z.strictObject({ id: z.number().int().positive(), unread: z.number().int().nonnegative() });

/** How many were unread and are now read, and how many remain. */
export const notificationReadAllResultSchema = z.strictObject({ marked: z.number().int().nonnegative(), unread: z.number().int().nonnegative() });

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const NOTIFICATION_WIRE = {
  list: wire(NOTIFICATION_ROUTES.list, { input: notificationListQuerySchema, answer: notificationPageSchema }),
  unread: wire(NOTIFICATION_ROUTES.unread, { input: unreadQuerySchema, answer: unreadNotificationsSchema }),
  get: wire(NOTIFICATION_ROUTES.get, { input: notificationIdSchema, answer: notificationViewSchema }),
  markRead: wire(NOTIFICATION_ROUTES.markRead, { input: notificationIdSchema, answer: notificationReadResultSchema, body: 'none' }),
  // "Mark all read" needs no body: an empty one means no filter. A filter body is a few bytes.
  markAllRead: wire(NOTIFICATION_ROUTES.markAllRead, { input: readAllBodySchema, answer: notificationReadAllResultSchema, body: 'optional-json', maxBodyBytes: 4096 }),
};
