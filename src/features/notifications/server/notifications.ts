/**
 * Notifications (spec §3 Notification, §7 notifications, notifications/unread, {id}/read): one row
 * per user and message, written by the events that matter to a renter inside the transaction that
 * makes the event true (`notify`), or fanned out by an operator broadcast (`broadcast`).
 *
 * Reads: the 消息通知 list (unread first, then newest), one message, and the 15 s poll's unread
 * popups. "Today" is the Asia/Shanghai calendar day of `now` (docs/decisions.md "* notifications").
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MS_PER_DAY } from '~/platform/config/constants';
import {
  NOTIFICATION_FILTERS,
  type NotificationFilter,
  type NotificationKind,
  type NotificationPage,
  type NotificationParams,
  type NotificationReadAllResult,
  type NotificationReadResult,
  type NotificationView,
  type UnreadNotifications,
} from '~/features/notifications/contract';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';
import type { DbOrTx } from '~/platform/db/client';
import type { NotificationListQuery, ReadAllInput, UnreadQuery } from '~/features/notifications/wire';
import { affectedRowCount } from '~/platform/db/client';
import { notificationBroadcasts, notifications } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { AUDIENCE_SEGMENTS, type AudienceSegment } from '~/features/campaigns/contract/ops-campaigns';

export const MSG_NOTIFICATION_NOT_FOUND = '通知不存在';
export { NOTIFICATION_PAGE_SIZE_MAX } from '~/features/notifications/wire';
export const NOTIFICATION_PAGE_SIZE_DEFAULT = 20;
/** Most popups one poll returns: the queue shows one at a time, 10 s each, so 20 is minutes' worth. */
export const NOTIFICATION_POPUPS_MAX = 20;
const TITLE_MAX = 64;
const CONTENT_MAX = 1000;
const DEDUPE_KEY_MAX = 96;

// ---------------------------------------------------------------------------------------------
// writing

export interface NotifyInput {
  type: NotificationKind;
  title: string;
  content: string;
  params?: NotificationParams;
  /** Once per user and key: a second write with the same key (another sweep, a retry) is a no-op. */
  dedupeKey?: string;
  /** Shown as a popup while unread (default true). */
  popup?: boolean;
}

/** Cut to the column's width, so a long listing title in a content never fails the event's transaction. */
function clip(text: string, max: number): string {
  const chars = Array.from(text.replaceAll('\u0000', ''));
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** One notification for one user: what an event tells whom. */
export interface Notice {
  userId: number;
  input: NotifyInput;
}

function noticeRow({ userId, input }: Notice, now: Date | undefined) {
  return {
    userId,
    notificationType: input.type,
    title: clip(input.title, TITLE_MAX),
    content: clip(input.content, CONTENT_MAX),
    params: input.params ?? {},
    popup: input.popup ?? true,
    dedupeKey: input.dedupeKey === undefined ? null : clip(input.dedupeKey, DEDUPE_KEY_MAX),
    ...(now ? { createdAt: now } : {}),
  };
}

/**
 * Write one notification inside the caller's transaction. With a dedupe key the insert is
 * `ON CONFLICT (user_id, dedupe_key) DO NOTHING`, so sweeps racing on several processes write it
 * once. Returns the new id, or null when the key was already there.
 * `now` stamps created_at (the sweeps' clock; default the database's now()).
 */
export async function notify(tx: DbOrTx, userId: number, input: NotifyInput, now?: Date): Promise<number | null> {
  const rows = await tx
    .insert(notifications)
    .values(noticeRow({ userId, input }, now))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
    .returning({ id: notifications.id });
  return rows[0]?.id ?? null;
}

/** The notices of one event (a paid rental: the renter's and the owner's) in one insert, as `notify` writes each. */
export async function notifyAll(tx: DbOrTx, notices: readonly Notice[], now?: Date): Promise<void> {
  if (notices.length === 0) return;
  await tx
    .insert(notifications)
    .values(notices.map((notice) => noticeRow(notice, now)))
    .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] });
}

/** Who a broadcast reaches (the console's audiences, contract/ops-campaigns.ts). */
export const BROADCAST_SEGMENTS = AUDIENCE_SEGMENTS;
export type BroadcastSegment = AudienceSegment;

export const broadcastInputSchema = z.object({
  title: z.string().trim().min(1).max(TITLE_MAX),
  content: z.string().trim().min(1).max(CONTENT_MAX),
  segment: z.enum(BROADCAST_SEGMENTS).default('all'),
  popup: z.boolean().default(true),
});
export type BroadcastInput = z.input<typeof broadcastInputSchema>;

export interface BroadcastOptions {
  /** The operator sending it (the console); null for the demo seed's. */
  operatorId?: number | null;
  /**
   * The console form's key: a second send with the same key (a double click, a retry after a lost
   * answer) sends nothing and answers the first broadcast with `replayed: true`.
   */
  requestKey?: string | null;
}

export interface BroadcastResult {
  id: number;
  recipients: number;
  /** The request key had been used: nothing new was sent. */
  replayed: boolean;
}

/**
 * The users of a segment, as a SELECT of distinct `id`s (active accounts only). Every segment reads
 * an index: users' primary key (all), wallets by user with vip_expires_at (vip), shops' owner (sellers).
 */
export function segmentUsers(segment: BroadcastSegment, now: Date): SQL {
  switch (segment) {
    case 'vip':
      return sql`select u.id from users u join wallets w on w.user_id = u.id where u.status = 'active' and w.vip_expires_at > ${now.toISOString()}::timestamptz`;
    case 'sellers':
      // A user may own several shops: each is one recipient.
      return sql`select distinct u.id from users u join shops s on s.owner_user_id = u.id where u.status = 'active'`;
    case 'all':
      return sql`select u.id from users u where u.status = 'active'`;
  }
}

/** How many users a broadcast to `segment` would reach now (the console's confirm shows it first). */
export async function countSegmentUsers(db: DbOrTx, segment: BroadcastSegment, now: Date): Promise<number> {
  const rows = await db.execute<{ n: number | string }>(sql`select count(*)::int as n from (${segmentUsers(segment, now)}) t`);
  return Number((rows as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/**
 * An operator broadcast: one notification_broadcasts row and one
 * notification per user of the segment, fanned out by a single INSERT ... SELECT in the database
 * (no round trip per user), all in one transaction (a savepoint inside the caller's) so a
 * half-sent broadcast never shows. With a request key the broadcast row is claimed first (unique
 * key): a concurrent repeat waits for the first's commit, then finds its row and sends nothing.
 */
export async function broadcast(db: DbOrTx, input: BroadcastInput, now = new Date(), options: BroadcastOptions = {}): Promise<BroadcastResult> {
  const parsed = broadcastInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest('公告标题或内容无效', { cause: parsed.error });
  const { title, content, segment, popup } = parsed.data;
  if (title.includes('\u0000') || content.includes('\u0000')) throw badRequest('参数包含非法字符');
  const requestKey = options.requestKey ?? null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notificationBroadcasts)
      .values({ title, content, segment, popup, operatorId: options.operatorId ?? null, requestKey, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: notificationBroadcasts.id });
    if (!row) {
      // Only a request key can conflict: the first send under it has committed.
      const [first] = await tx.select().from(notificationBroadcasts).where(eq(notificationBroadcasts.requestKey, requestKey!));
      if (!first) throw new Error('broadcast request key conflicted but no row holds it');
      if (first.title !== title || first.content !== content || first.segment !== segment) throw conflict(MSG_BROADCAST_KEY_REUSED);
      return { id: first.id, recipients: first.recipients, replayed: true };
    }
    const id = row.id;
    const result = await tx.execute(sql`
      insert into notifications (user_id, notification_type, title, content, params, popup, dedupe_key, broadcast_id, created_at)
      select t.id, 'broadcast', ${title}, ${content}, ${JSON.stringify({ broadcast_id: id })}::jsonb, ${popup}, ${`broadcast:${id}`}, ${id}, ${now.toISOString()}::timestamptz
      from (${segmentUsers(segment, now)}) t
      on conflict (user_id, dedupe_key) do nothing`);
    const recipients = affectedRowCount(result);
    await tx.update(notificationBroadcasts).set({ recipients }).where(eq(notificationBroadcasts.id, id));
    return { id, recipients, replayed: false };
  });
}

export const MSG_BROADCAST_KEY_REUSED = '该请求标识已用于其他群发，请刷新页面后重试';

// ---------------------------------------------------------------------------------------------
// reading

interface NotificationRow {
  id: number;
  notificationType: NotificationKind;
  title: string;
  content: string;
  params: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
}

const viewColumns = {
  id: notifications.id,
  notificationType: notifications.notificationType,
  title: notifications.title,
  content: notifications.content,
  params: notifications.params,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** The Shanghai day of `now` as [start, end). */
export function shanghaiDayBounds(now: Date): { start: Date; end: Date } {
  const start = shanghaiMidnight(now);
  return { start, end: new Date(start.getTime() + MS_PER_DAY) };
}

export function toNotificationView(row: NotificationRow, now: Date): NotificationView {
  const { start, end } = shanghaiDayBounds(now);
  const created = row.createdAt.getTime();
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    notification_type: row.notificationType,
    params: row.params as NotificationParams,
    is_today: created >= start.getTime() && created < end.getTime(),
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

function todayCondition(isToday: boolean | undefined, now: Date): SQL | undefined {
  if (isToday === undefined) return undefined;
  const { start } = shanghaiDayBounds(now);
  // Nothing is written in the future, so "today" is "since Shanghai midnight".
  return isToday ? gte(notifications.createdAt, start) : lt(notifications.createdAt, start);
}

function filterCondition(filter: NotificationFilter | undefined): SQL | undefined {
  if (filter === undefined) return undefined;
  return inArray(notifications.notificationType, [...NOTIFICATION_FILTERS[filter]]);
}

/** The 消息通知 list: unread first, then newest; `unread` counts all of the user's unread. */
export async function listNotifications(db: DbOrTx, userId: number, query: NotificationListQuery, now: Date): Promise<NotificationPage> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? NOTIFICATION_PAGE_SIZE_DEFAULT;
  const where = and(eq(notifications.userId, userId), todayCondition(query.is_today, now), filterCondition(query.filter));
  const [rows, [totals], [unreadRow]] = await Promise.all([
    db
      .select(viewColumns)
      .from(notifications)
      .where(where)
      .orderBy(sql`(${notifications.readAt} is null) desc`, desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(notifications).where(where),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    list: rows.map((row) => toNotificationView(row, now)),
    total: Number(totals?.total ?? 0),
    page,
    page_size: pageSize,
    unread: Number(unreadRow?.unread ?? 0),
  };
}

/** One of the user's notifications; 404 通知不存在 for a missing id or another user's. */
export async function getNotification(db: DbOrTx, userId: number, id: number, now: Date): Promise<NotificationView> {
  const [row] = await db
    .select(viewColumns)
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) throw notFound(MSG_NOTIFICATION_NOT_FOUND);
  return toNotificationView(row, now);
}

/**
 * The 15 s poll (spec §7 notifications/unread): unread popups, oldest first, at most
 * NOTIFICATION_POPUPS_MAX, and the count of all unread, in ONE statement on the partial index
 * notifications_user_unread_idx (the count and the rows are both `user_id = ? and read_at is null`).
 */
export async function unreadNotifications(db: DbOrTx, userId: number, query: UnreadQuery, now: Date): Promise<UnreadNotifications> {
  const { start } = shanghaiDayBounds(now);
  const today = query.is_today === undefined ? sql`true` : query.is_today ? sql`n.created_at >= ${start.toISOString()}::timestamptz` : sql`n.created_at < ${start.toISOString()}::timestamptz`;
  const result = await db.execute<{
    unread: number | string;
    id: number | string | null;
    notification_type: NotificationKind | null;
    title: string | null;
    content: string | null;
    params: Record<string, unknown> | string | null;
    created_at: Date | string | null;
  }>(sql`
    select c.unread, p.id, p.notification_type, p.title, p.content, p.params, p.created_at
    from (select count(*)::int as unread from notifications where user_id = ${userId} and read_at is null) c
    left join lateral (
      select n.id, n.notification_type, n.title, n.content, n.params, n.created_at
      from notifications n
      where n.user_id = ${userId} and n.read_at is null and n.popup and ${today}
      order by n.id asc
      limit ${NOTIFICATION_POPUPS_MAX}
    ) p on true
    order by p.id asc`);
  const rows = result.rows;
  const popups: NotificationView[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    popups.push(
      toNotificationView(
        {
          id: Number(row.id),
          notificationType: row.notification_type!,
          title: row.title!,
          content: row.content!,
          params: typeof row.params === 'string' ? (JSON.parse(row.params) as Record<string, unknown>) : (row.params ?? {}),
          readAt: null,
          createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at!),
        },
        now,
      ),
    );
  }
  return { popups, unread: Number(rows[0]?.unread ?? 0) };
}

async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.unread ?? 0);
}

/** Mark one read; idempotent (already read is fine); 404 通知不存在 for a missing id or another user's. */
export async function markNotificationRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<NotificationReadResult> {
  const updated = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (updated.length === 0) {
    const [mine] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    if (!mine) throw notFound(MSG_NOTIFICATION_NOT_FOUND);
  }
  return { id, unread: await unreadCount(db, userId) };
}

/** Mark all the user's unread read, or only those of one filter. */
export async function markAllNotificationsRead(db: DbOrTx, userId: number, input: ReadAllInput, now: Date): Promise<NotificationReadAllResult> {
  const updated = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), filterCondition(input.filter)))
    .returning({ id: notifications.id });
  return { marked: updated.length, unread: await unreadCount(db, userId) };
}

/** Oldest first: used by tests and the seed to read what a user was sent. */
export async function notificationsOf(db: DbOrTx, userId: number): Promise<(NotificationRow & { dedupeKey: string | null })[]> {
  return db
    .select({ ...viewColumns, dedupeKey: notifications.dedupeKey })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.id));
}
