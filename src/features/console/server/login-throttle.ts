/**
 * The console sign-in's limits, kept in the database (docs/decisions.md "Console sign-in: lockout
 * per name and address"):
 *
 * - per address, any names: OPS_LOGIN_ATTEMPTS_PER_IP a window (rate_limit_counters), against
 *   spraying one password over many names;
 * - per (name, address): OPS_LOGIN_TRIES_PER_NAME_IP tries, then a lockout that doubles each time
 *   (ops_login_throttle, rules/login-throttle.ts), cleared by a success; a stranger's address
 *   locks out only itself;
 * - per name, all addresses: a circuit breaker that closes the name to addresses the operator has
 *   not signed in from, once a many-address guessing run passes OPS_LOGIN_NAME_BREAKER_FAILURES.
 *
 * Refusals are audited sparingly so the log cannot be flooded cheaply: nothing for an address over
 * its own cap, one session.locked_out row per pair per lockout, one when the breaker trips.
 */
import { and, eq, gte, lt, isNull, or } from 'drizzle-orm';
import {
  OPS_LOGIN_ATTEMPTS_PER_IP,
  OPS_LOGIN_BACKOFF_FORGET_S,
  OPS_LOGIN_KNOWN_ADDRESS_S,
  OPS_LOGIN_LOCKOUT_BASE_S,
  OPS_LOGIN_LOCKOUT_MAX_S,
  OPS_LOGIN_NAME_BREAKER_FAILURES,
  OPS_LOGIN_TRIES_PER_NAME_IP,
  OPS_LOGIN_WINDOW_S,
} from '~/features/console/constants';
import { admitAttempt, FRESH_THROTTLE, recordFailure, type ThrottleLimits, type ThrottleState } from '~/features/console/rules/login-throttle';
import type { Db, DbOrTx } from '~/platform/db/client';
import { enforceRateLimits, hitRateLimit, peekRateLimit } from '~/platform/db/rate-limit';
import { operatorSessions, opsLoginThrottle } from '~/platform/db/schema';
import { rateLimited } from '~/platform/http/errors';
import { writeSignInRefusal } from '~/features/console/server/audit';

export const MSG_OPS_TOO_MANY_TRIES = '登录尝试过于频繁，请稍后再试';

export const OPS_LOGIN_LIMITS: ThrottleLimits = {
  tries: OPS_LOGIN_TRIES_PER_NAME_IP,
  baseS: OPS_LOGIN_LOCKOUT_BASE_S,
  maxS: OPS_LOGIN_LOCKOUT_MAX_S,
  forgetS: OPS_LOGIN_BACKOFF_FORGET_S,
};

/** Who is trying: the name typed, the operator of that name if any, and where from. */
export interface SignInAttempt {
  username: string;
  operatorId: number | null;
  ip: string;
  userAgent?: string | null;
}

const breakerBucket = (username: string): string => `ops-login:name-failures:${username}`;

function minutesText(seconds: number): string {
  return `${Math.max(1, Math.ceil(seconds / 60))}分钟`;
}

/** The per-address cap across names: 429 before anything else, and no audit row (it would be the flood). */
export async function enforceAddressCap(db: DbOrTx, ip: string, now: Date): Promise<void> {
  await enforceRateLimits(db, [{ bucket: `ops-login:ip:${ip}`, limit: OPS_LOGIN_ATTEMPTS_PER_IP, windowS: OPS_LOGIN_WINDOW_S }], now, MSG_OPS_TOO_MANY_TRIES);
}

/** Has the operator signed in from `ip` lately? Such an address passes the name's circuit breaker. */
async function isKnownAddress(db: DbOrTx, operatorId: number | null, ip: string, now: Date): Promise<boolean> {
  if (operatorId === null) return false;
  const [row] = await db
    .select({ id: operatorSessions.id })
    .from(operatorSessions)
    // A session still owing its second factor proves only the password: not a known address.
    .where(and(eq(operatorSessions.operatorId, operatorId), eq(operatorSessions.ip, ip.slice(0, 64)), isNull(operatorSessions.pendingStep), gte(operatorSessions.createdAt, new Date(now.getTime() - OPS_LOGIN_KNOWN_ADDRESS_S * 1000))))
    .limit(1);
  return row !== undefined;
}

/** 429 when the name's circuit breaker is open and `ip` is not one the operator uses. */
export async function enforceNameBreaker(db: DbOrTx, attempt: SignInAttempt, now: Date): Promise<void> {
  const { count, windowEndsAt } = await peekRateLimit(db, breakerBucket(attempt.username), now);
  if (count < OPS_LOGIN_NAME_BREAKER_FAILURES || windowEndsAt === null) return;
  if (await isKnownAddress(db, attempt.operatorId, attempt.ip, now)) return;
  throw rateLimited((windowEndsAt.getTime() - now.getTime()) / 1000, MSG_OPS_TOO_MANY_TRIES);
}

function stateOf(row: typeof opsLoginThrottle.$inferSelect | undefined): ThrottleState {
  if (!row) return { ...FRESH_THROTTLE };
  return { attempts: row.attempts, lockouts: row.lockouts, lockedUntil: row.lockedUntil, lastFailureAt: row.lastFailureAt };
}

const pairIs = (username: string, ip: string) => and(eq(opsLoginThrottle.username, username), eq(opsLoginThrottle.ip, ip.slice(0, 64)));

/**
 * Counts the attempt against its (name, address) pair, or refuses it with 429 while the pair is
 * locked out. The first refusal of each lockout writes a session.locked_out row; later ones do not.
 */
export async function admitPairAttempt(db: Db, attempt: SignInAttempt, now: Date): Promise<void> {
  const ip = attempt.ip.slice(0, 64);
  const refusal = await db.transaction(async (tx) => {
    await tx.insert(opsLoginThrottle).values({ username: attempt.username, ip, updatedAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(opsLoginThrottle).where(pairIs(attempt.username, ip)).for('update');
    const admission = admitAttempt(stateOf(row), now, OPS_LOGIN_LIMITS);
    if (admission.allowed) {
      const { next } = admission;
      await tx
        .update(opsLoginThrottle)
        .set({ attempts: next.attempts, lockouts: next.lockouts, lockedUntil: next.lockedUntil, lastFailureAt: next.lastFailureAt, updatedAt: now })
        .where(pairIs(attempt.username, ip));
      return null;
    }
    if (admission.lockedUntil && row && !row.lockoutAudited) {
      await tx.update(opsLoginThrottle).set({ lockoutAudited: true, updatedAt: now }).where(pairIs(attempt.username, ip));
      await writeSignInRefusal(
        tx,
        {
          action: 'session.locked_out',
          username: attempt.username,
          operatorId: attempt.operatorId,
          ip: attempt.ip,
          userAgent: attempt.userAgent,
          reason: `此用户名在该IP失败次数过多，已锁定，${minutesText(admission.retryAfterS)}后解除`,
          details: { scope: 'name_ip', locked_until: admission.lockedUntil.toISOString() },
        },
        now,
      );
    }
    return admission.retryAfterS;
  });
  if (refusal !== null) throw rateLimited(refusal, MSG_OPS_TOO_MANY_TRIES);
}

/**
 * A failed attempt (unknown name, disabled operator or wrong password; `why` says which, in
 * Chinese): counts it for the pair and the name's breaker and writes the session.login_failed row.
 */
export async function recordSignInFailure(db: Db, attempt: SignInAttempt, why: string, now: Date): Promise<void> {
  const ip = attempt.ip.slice(0, 64);
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(opsLoginThrottle).where(pairIs(attempt.username, ip)).for('update');
    const { next, startedLockoutUntil } = recordFailure(stateOf(row), now, OPS_LOGIN_LIMITS);
    if (row) {
      await tx
        .update(opsLoginThrottle)
        .set({
          attempts: next.attempts,
          lockouts: next.lockouts,
          lockedUntil: next.lockedUntil,
          lastFailureAt: next.lastFailureAt,
          updatedAt: now,
          ...(startedLockoutUntil ? { lockoutAudited: false } : {}),
        })
        .where(pairIs(attempt.username, ip));
    }
    const lockoutS = startedLockoutUntil ? (startedLockoutUntil.getTime() - now.getTime()) / 1000 : 0;
    await writeSignInRefusal(
      tx,
      {
        action: 'session.login_failed',
        username: attempt.username,
        operatorId: attempt.operatorId,
        ip: attempt.ip,
        userAgent: attempt.userAgent,
        reason: startedLockoutUntil ? `${why}；此用户名在该IP连续失败${OPS_LOGIN_LIMITS.tries}次，锁定${minutesText(lockoutS)}` : why,
        ...(startedLockoutUntil ? { details: { scope: 'name_ip', locked_until: startedLockoutUntil.toISOString() } } : {}),
      },
      now,
    );

    const breaker = await hitRateLimit(tx, { bucket: breakerBucket(attempt.username), limit: OPS_LOGIN_NAME_BREAKER_FAILURES, windowS: OPS_LOGIN_WINDOW_S }, now);
    // The failure that fills the window trips the breaker: one row, whatever follows.
    if (breaker.allowed && breaker.remaining === 0) {
      await writeSignInRefusal(
        tx,
        {
          action: 'session.locked_out',
          username: attempt.username,
          operatorId: attempt.operatorId,
          ip: attempt.ip,
          userAgent: attempt.userAgent,
          reason: `此用户名${minutesText(OPS_LOGIN_WINDOW_S)}内从各地址失败${OPS_LOGIN_NAME_BREAKER_FAILURES}次，暂停从未登录过的地址登录`,
          details: { scope: 'name' },
        },
        now,
      );
    }
  });
}

/** A success forgets the pair's tries and back-off. */
export async function clearPairThrottle(db: DbOrTx, username: string, ip: string): Promise<void> {
  await db.delete(opsLoginThrottle).where(pairIs(username, ip));
}

/** Housekeeping: pairs neither locked nor failing for longer than the back-off is remembered. */
export async function pruneLoginThrottle(db: DbOrTx, now: Date): Promise<number> {
  const forgotten = new Date(now.getTime() - OPS_LOGIN_BACKOFF_FORGET_S * 1000);
  const rows = await db
    .delete(opsLoginThrottle)
    .where(and(lt(opsLoginThrottle.updatedAt, forgotten), or(isNull(opsLoginThrottle.lockedUntil), lt(opsLoginThrottle.lockedUntil, now))))
    .returning({ username: opsLoginThrottle.username });
  return rows.length;
}
