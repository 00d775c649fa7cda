/**
 * SQL pieces the console overview's queries and the traffic rollup share (services/ops/dashboard.ts,
 * services/ops/traffic-rollup.ts): one reading of a Shanghai day, a session and a time range.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '~/platform/db/client';

/** A time range [start, end): the overview's range, or one day of the rollup. */
export interface TimeSpan {
  start: Date;
  end: Date;
}

/**
 * The Shanghai calendar day of a timestamptz column as a date (UTC+08:00 all year, so no zone data
 * is needed); grouping on a date is far cheaper than on its text, which only the result rows get.
 * drizzle/0039_day_stats_custom.sql keeps statistics on this very expression of seller_earnings.paid_at.
 */
export const shanghaiDay = (column: SQL): SQL => sql`((${column} at time zone 'UTC') + interval '8 hours')::date`;
/** A session id as a 64-bit hash: distinct counts sort 8 bytes instead of 32 characters (a collision is beyond reach at these sizes). */
export const sessionKey = sql`hashtextextended(session_id, 0)`;
export const within = (column: SQL, span: TimeSpan): SQL =>
  sql`${column} >= ${span.start.toISOString()}::timestamptz and ${column} < ${span.end.toISOString()}::timestamptz`;
export const num = (value: unknown): number => Number(value ?? 0);

export async function rows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}
