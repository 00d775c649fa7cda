/**
 * The analytics collector (spec §2 "a page view is reported to an analytics service", §3 Report
 * record, §7 "POST analytics collector (activity)"): the browser reports page views, clicks and
 * activity pings, one at a time or as the batch left over from a page refresh.
 *
 * The wire record is camelCase as the browser sends it; a row of `page_views` is what we keep.
 * The server decides who and what sent it: the user id comes from the Bearer token (a beacon has
 * none, so a visitor's rows keep a null user) and the agent from the User-Agent header, never from
 * the body.
 *
 * The buffered writer (many requests' records in one INSERT, each request answered
 * once its rows are committed) and the channel conversion report (spec §7 upload-convert-data).
 */
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import { COLLECTOR_FLUSH_MS, COLLECTOR_FLUSH_ROWS, COLLECTOR_REQUESTS_PER_IP_PER_MINUTE, CONVERSION_MAX_ACCOUNT_AGE_MS } from '~/features/analytics/constants';
import type { Db } from '~/platform/db/client';
import { channelConversions, pageViews, users } from '~/platform/db/schema';
import { badRequest, conflict } from '~/platform/http/errors';
import { enforceRateLimits } from '~/platform/db/rate-limit';
import type { ActivityRecord, ConversionInput } from '~/features/analytics/wire';

// The wire shapes live with their schemas in wire.ts; scripts and callers read them here too.
export type { ActivityRecord, ConversionInput };

/** The User-Agent header is kept up to this many characters. */
export const AGENT_MAX_LENGTH = 256;

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
 * The row kept for a record. A click's isJump, now and time (spec §3 click record) travel in `value`
 * beside its id/name pair, so the row keeps the whole record without a column per click field.
 */
export function toActivityRow(record: ActivityRecord, context: ActivityContext): ActivityRow {
  const clickFields = record.kind === 'click' ? { isJump: record.isJump ?? false, time: record.time ?? 0, ...(record.now === undefined ? {} : { now: record.now }) } : null;
  const action = record.action ?? record.pageTools?.action;
  let value = record.value ?? record.pageTools?.value;
  // An activity report's time (seconds on the page) is what an operator sums: kept beside pageTools.value.
  if (record.kind === 'activity' && record.time !== undefined) value = { ...value, time: record.time };
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
    action: action ?? null,
    value: clickFields ? { ...value, ...clickFields } : (value ?? null),
  };
}

export type ActivityRow = typeof pageViews.$inferInsert;

/** Stores the records in one statement (all or nothing); ids in the order given. */
export async function recordActivities(
  db: Db,
  records: readonly ActivityRecord[],
  context: ActivityContext,
): Promise<{ ids: number[] }> {
  if (records.length === 0) return { ids: [] };
  const rows = await db
    .insert(pageViews)
    .values(records.map((record) => toActivityRow(record, context)))
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

/** Every collector call counts against its IP's minute (429 with Retry-After past the limit). */
export async function enforceCollectorRateLimit(
  db: Db,
  ip: string,
  now: Date,
  limit: number = COLLECTOR_REQUESTS_PER_IP_PER_MINUTE,
): Promise<void> {
  await enforceRateLimits(db, [{ bucket: `collector:ip:${ip}`, limit, windowS: 60 }], now);
}

// ---------------------------------------------------------------------------------------------
// Buffered writer: group commit
// ---------------------------------------------------------------------------------------------

export interface ActivityWriterOptions {
  /** Commit at most this long after the first queued row (default COLLECTOR_FLUSH_MS). */
  flushMs?: number;
  /** Commit at once when this many rows wait (default COLLECTOR_FLUSH_ROWS). */
  maxRows?: number;
}

interface QueuedWrite {
  rows: ActivityRow[];
  resolve: (ids: number[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Collects the rows of many requests and stores them in one multi-row INSERT, every `flushMs` or
 * at `maxRows` rows. Each caller's promise settles when its own rows are committed, so a request is
 * answered only after its events are stored: nothing already answered can be lost on a crash or a
 * shutdown (the window is zero), and the price is at most `flushMs` of extra latency, which a
 * beacon never waits for. If the shared INSERT fails (a user deleted in between), each request's
 * rows are retried alone, so one bad request cannot fail the others.
 */
export class ActivityWriter {
  private queue: QueuedWrite[] = [];
  private queuedRows = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly flushMs: number;
  private readonly maxRows: number;
  /** Statements sent so far (tests and the bench read it). */
  inserts = 0;

  constructor(
    private readonly db: Db,
    options: ActivityWriterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? COLLECTOR_FLUSH_MS;
    this.maxRows = options.maxRows ?? COLLECTOR_FLUSH_ROWS;
  }

  /** Queues the rows; resolves with their ids, in order, once they are committed. */
  write(rows: readonly ActivityRow[]): Promise<number[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return new Promise<number[]>((resolve, reject) => {
      this.queue.push({ rows: [...rows], resolve, reject });
      this.queuedRows += rows.length;
      if (this.queuedRows >= this.maxRows) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    });
  }

  /** Commits what is queued now and waits for every commit under way. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.queuedRows = 0;
    if (batch.length > 0) {
      const commit = this.commit(batch);
      this.inFlight.add(commit);
      void commit.finally(() => this.inFlight.delete(commit));
    }
    await Promise.all([...this.inFlight]);
  }

  private async insert(rows: ActivityRow[]): Promise<number[]> {
    this.inserts++;
    const inserted = await this.db.insert(pageViews).values(rows).returning({ id: pageViews.id });
    return inserted.map((row) => row.id);
  }

  private async commit(batch: QueuedWrite[]): Promise<void> {
    try {
      // PostgreSQL returns the rows of one INSERT ... VALUES in the order given.
      const ids = await this.insert(batch.flatMap((write) => write.rows));
      let offset = 0;
      for (const write of batch) {
        write.resolve(ids.slice(offset, offset + write.rows.length));
        offset += write.rows.length;
      }
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const write of batch) {
        await this.insert(write.rows).then(write.resolve, write.reject);
      }
    }
  }
}

const writers = new Map<Db, ActivityWriter>();

/** The one writer of a database (a process has one; tests open several). */
export function activityWriterFor(db: Db): ActivityWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new ActivityWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

/** Validated records → rows → the buffered writer; resolves with the ids once they are stored. */
export async function queueActivities(db: Db, records: readonly ActivityRecord[], context: ActivityContext): Promise<{ ids: number[] }> {
  const ids = await activityWriterFor(db).write(records.map((record) => toActivityRow(record, context)));
  return { ids };
}

/** Shutdown (src/app/main.ts): commit every queued row before the database closes. */
export async function flushActivityWriters(): Promise<void> {
  await Promise.all([...writers.values()].map((writer) => writer.flush()));
  writers.clear();
}

// ---------------------------------------------------------------------------------------------
// Channel conversions (spec §7 upload-convert-data, §9 conversion type 6)
// ---------------------------------------------------------------------------------------------

export const MSG_CONVERSION_NO_CHANNEL = '缺少渠道参数，不计转化';
export const MSG_CONVERSION_NOT_NEW = '该账号不是新注册账号，不计转化';

export interface ConversionResult {
  /** False when this account's conversion of this type was already counted. */
  counted: boolean;
}

const clip = (value: string | null | undefined, max: number): string | null => (value ? value.slice(0, max) : null);

/**
 * Stores the account's conversion once (unique per user and type: a repeat answers counted: false).
 * It counts only for an active account registered at most CONVERSION_MAX_ACCOUNT_AGE_MS ago and a
 * visit that came from a channel: channelInfo.channel, bd_vid, qhclickid, or sourceid in the
 * landing URL's query.
 */
export async function recordConversion(db: Db, userId: number, input: ConversionInput, now: Date): Promise<ConversionResult> {
  const landing = new URL(input.landing_url);
  const query = landing.searchParams;
  const bdVid = input.bd_vid || query.get('bd_vid');
  const qhclickid = input.qhclickid || query.get('qhclickid');
  const sourceId = query.get('sourceid');
  const channel = input.channel || query.get('a');
  if (!channel && !bdVid && !qhclickid && !sourceId) throw badRequest(MSG_CONVERSION_NO_CHANNEL);

  const [user] = await db.select({ createdAt: users.createdAt, status: users.status }).from(users).where(eq(users.id, userId));
  if (!user || user.status !== 'active' || now.getTime() - user.createdAt.getTime() > CONVERSION_MAX_ACCOUNT_AGE_MS) {
    throw conflict(MSG_CONVERSION_NOT_NEW);
  }
  const inserted = await db
    .insert(channelConversions)
    .values({
      userId,
      conversionType: input.conversion_type,
      channel: clip(channel, 64),
      netId: clip(input.net_id || query.get('b'), 64),
      uid: clip(input.uid || query.get('c'), 64),
      bdVid: clip(bdVid, 256),
      qhclickid: clip(qhclickid, 256),
      sourceId: clip(sourceId, 64),
      landingUrl: input.landing_url,
    })
    .onConflictDoNothing({ target: [channelConversions.userId, channelConversions.conversionType] })
    .returning({ id: channelConversions.id });
  return { counted: inserted.length > 0 };
}

/** Conversions per channel since `since` (the operator report; tests read it too). */
export async function countConversionsByChannel(db: Db, since: Date): Promise<Array<{ channel: string | null; count: number }>> {
  const rows = await db
    .select({ channel: channelConversions.channel, count: sql<number>`count(*)::int` })
    .from(channelConversions)
    .where(gte(channelConversions.createdAt, since))
    .groupBy(channelConversions.channel);
  return rows.map((row) => ({ channel: row.channel, count: Number(row.count) }));
}
