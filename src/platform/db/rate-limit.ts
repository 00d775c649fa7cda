/**
 * Rate limits kept in the database, so they hold across every process ("Rate limits
 * stored in the database"; lucia's example keeps them in memory, which fails past one process).
 *
 * A fixed window per bucket: one upsert counts the hit and tells whether it fits, atomically, so
 * two processes racing on the same bucket can never both take the last slot.
 */
import { sql } from 'drizzle-orm';
import { appConfig } from '~/platform/config/config';
import type { DbOrTx } from '~/platform/db/client';
import { rateLimited } from '~/platform/http/errors';

export interface RateLimitRule {
  /** e.g. `sms:phone:13800000001`; at most 200 characters. A per-IP bucket is named `<name>:ip:<address>`. */
  bucket: string;
  /** Hits allowed per window. */
  limit: number;
  windowS: number;
}

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterS: number };

const PER_IP_BUCKET = /^[a-z_-]+:ip:/;

/** The rule's limit, a per-IP one multiplied by IP_RATE_LIMIT_FACTOR (config.ts). */
export function effectiveLimit(rule: Pick<RateLimitRule, 'bucket' | 'limit'>, ipFactor: number = appConfig().IP_RATE_LIMIT_FACTOR): number {
  return PER_IP_BUCKET.test(rule.bucket) ? rule.limit * ipFactor : rule.limit;
}

/**
 * Counts one hit on `rule.bucket` at `now`. A window that has ended starts again at this hit. A hit
 * refused still counts (the window does not reopen early for a caller who keeps knocking).
 */
export async function hitRateLimit(db: DbOrTx, rule: RateLimitRule, now: Date): Promise<RateLimitResult> {
  const windowEnds = new Date(now.getTime() + rule.windowS * 1000);
  const rows = await db.execute<{ count: number; window_ends_at: string | Date }>(sql`
    insert into rate_limit_counters as c (bucket, count, window_ends_at)
    values (${rule.bucket}, 1, ${windowEnds.toISOString()})
    on conflict (bucket) do update set
      count = case when c.window_ends_at <= ${now.toISOString()} then 1 else c.count + 1 end,
      window_ends_at = case when c.window_ends_at <= ${now.toISOString()} then excluded.window_ends_at else c.window_ends_at end
    returning count, window_ends_at`);
  const row = (rows as unknown as { rows: Array<{ count: number; window_ends_at: string | Date }> }).rows[0]!;
  const count = Number(row.count);
  const limit = effectiveLimit(rule);
  if (count <= limit) return { allowed: true, remaining: limit - count };
  const endsAt = new Date(row.window_ends_at).getTime();
  return { allowed: false, retryAfterS: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/**
 * The bucket's hits so far in its current window, without counting one (0 when the window has
 * ended or never began): for limits that count only failures but refuse before trying.
 */
export async function peekRateLimit(db: DbOrTx, bucket: string, now: Date): Promise<{ count: number; windowEndsAt: Date | null }> {
  const rows = await db.execute<{ count: number; window_ends_at: string | Date }>(sql`select count, window_ends_at from rate_limit_counters where bucket = ${bucket}`);
  const row = (rows as unknown as { rows: Array<{ count: number; window_ends_at: string | Date }> }).rows[0];
  if (!row) return { count: 0, windowEndsAt: null };
  const windowEndsAt = new Date(row.window_ends_at);
  return windowEndsAt.getTime() > now.getTime() ? { count: Number(row.count), windowEndsAt } : { count: 0, windowEndsAt: null };
}

/** Counts a hit on each rule in order and throws the 429 (with Retry-After) of the first one exceeded. */
export async function enforceRateLimits(db: DbOrTx, rules: readonly RateLimitRule[], now: Date, msg?: string): Promise<void> {
  for (const rule of rules) {
    const result = await hitRateLimit(db, rule, now);
    if (!result.allowed) throw rateLimited(result.retryAfterS, msg);
  }
}

/** Forgets a bucket (a successful login clears its account's failure window). */
export async function resetRateLimit(db: DbOrTx, bucket: string): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where bucket = ${bucket}`);
}
