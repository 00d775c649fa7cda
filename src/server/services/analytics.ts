/**
 * The analytics collector (spec §2 "a page view is reported to an analytics service", §3 Report
 * record, §7 "POST analytics collector (activity)"): the browser reports page views, clicks and
 * activity pings, one at a time or as the batch left over from a page refresh.
 *
 * The wire record is camelCase as the browser sends it; a row of `page_views` is what we keep.
 * The server decides who and what sent it: the user id comes from the session (sign-in is a later
 * issue, so null for now) and the agent from the User-Agent header, never from the body.
 */
import { and, eq, gte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { SESSION_ID_LENGTH } from '~/lib/config/constants';
import type { Db } from '../db/client';
import { pageViews } from '../db/schema';
import { withReason } from '../errors';

/** spec §7: the "pending report data left from a page refresh" arrives as one batch of at most this many. */
export const ACTIVITY_BATCH_MAX = 20;
/** A record's free-form `value`, serialised, stays under this size. */
export const ACTIVITY_VALUE_MAX_BYTES = 2 * 1024;
/** The User-Agent header is kept up to this many characters. */
export const AGENT_MAX_LENGTH = 256;
export const ACTIVITY_KINDS = ['pageview', 'click', 'activity'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

const SESSION_ID_PATTERN = new RegExp(`^[A-Za-z0-9]{${SESSION_ID_LENGTH}}$`);
const utf8 = new TextEncoder();

/**
 * One record as the browser sends it. Unknown keys are dropped rather than refused: the spec's
 * report record also carries userId and agent, which the server takes from the session and the
 * request instead, and a beacon must not fail over a harmless extra field.
 */
export const activityRecordSchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  /** Route name (spec §2), e.g. zuhao or account_goldCoin. */
  name: z.string().max(64).optional(),
  title: z.string().max(128).optional(),
  path: z.string().max(512).startsWith('/'),
  /** spec §3: the session key onlyuser holds a random 32-character id. */
  sessionId: z
    .string()
    .regex(SESSION_ID_PATTERN, { error: withReason(`应为 ${SESSION_ID_LENGTH} 位字母或数字`) })
    .optional(),
  prevPage: z.string().max(512).nullable().optional(),
  /** Channel (spec §1 visitor tracking). */
  sem: z.string().max(64).nullable().optional(),
  /** spec §3 pageTools.action / click tracking action. */
  action: z.string().max(64).optional(),
  /** spec §3 pageTools.value / the click record's value (gameId and gameName, ...). */
  value: z
    .record(z.string(), z.unknown())
    .refine((v) => utf8.encode(JSON.stringify(v)).byteLength <= ACTIVITY_VALUE_MAX_BYTES, {
      error: withReason(`序列化后应不超过 ${ACTIVITY_VALUE_MAX_BYTES} 字节`),
    })
    .optional(),
  /** Click tracking record: whether the click navigates. */
  isJump: z.boolean().optional(),
  /** Report record time / click record seconds since the previous record. */
  time: z.number().optional(),
});
export type ActivityRecord = z.output<typeof activityRecordSchema>;

export const activityBatchSchema = z.array(activityRecordSchema).min(1).max(ACTIVITY_BATCH_MAX);

export interface ActivityContext {
  /** The User-Agent header, as received. */
  userAgent: string | null;
  /** The signed-in user, when there is one. */
  userId?: number | null;
}

function truncateAgent(agent: string | null): string | null {
  if (!agent) return null;
  // Code points, so a cut never leaves half a surrogate pair.
  return agent.length <= AGENT_MAX_LENGTH ? agent : Array.from(agent).slice(0, AGENT_MAX_LENGTH).join('');
}

/**
 * The row kept for a record. A click's isJump and time (spec §3 click record) travel in `value`
 * beside its id/name pair, so the row keeps the whole record without a column per click field.
 */
function toRow(record: ActivityRecord, context: ActivityContext): typeof pageViews.$inferInsert {
  const clickFields = record.kind === 'click' ? { isJump: record.isJump ?? false, time: record.time ?? 0 } : null;
  return {
    kind: record.kind,
    name: record.name ?? null,
    title: record.title ?? null,
    path: record.path,
    userId: context.userId ?? null,
    sessionId: record.sessionId ?? null,
    prevPage: record.prevPage ?? null,
    agent: truncateAgent(context.userAgent),
    sem: record.sem ?? null,
    action: record.action ?? null,
    value: clickFields ? { ...record.value, ...clickFields } : (record.value ?? null),
  };
}

/** Stores the records in one statement (all or nothing); ids in the order given. */
export async function recordActivities(
  db: Db,
  records: readonly ActivityRecord[],
  context: ActivityContext,
): Promise<{ ids: number[] }> {
  if (records.length === 0) return { ids: [] };
  const rows = await db
    .insert(pageViews)
    .values(records.map((record) => toRow(record, context)))
    .returning({ id: pageViews.id });
  return { ids: rows.map((row) => row.id) };
}

/** Stores one record. */
export async function recordActivity(db: Db, record: ActivityRecord, context: ActivityContext): Promise<{ id: number }> {
  const { ids } = await recordActivities(db, [record], context);
  return { id: ids[0]! };
}

export interface PageViewFilter {
  sessionId?: string;
  path?: string;
  userId?: number;
  /** Only rows created at or after this instant. */
  since?: Date;
}

/** How many records match the filter (all of them without one). */
export async function countPageViews(db: Db, filter: PageViewFilter = {}): Promise<number> {
  const conditions: SQL[] = [];
  if (filter.sessionId !== undefined) conditions.push(eq(pageViews.sessionId, filter.sessionId));
  if (filter.path !== undefined) conditions.push(eq(pageViews.path, filter.path));
  if (filter.userId !== undefined) conditions.push(eq(pageViews.userId, filter.userId));
  if (filter.since !== undefined) conditions.push(gte(pageViews.createdAt, filter.since));
  return db.$count(pageViews, conditions.length > 0 ? and(...conditions) : undefined);
}
