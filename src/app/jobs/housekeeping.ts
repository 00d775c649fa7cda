/**
 * Deletes sign-in state and idempotency keys nobody can use any more, so the tables stay small however long the site
 * runs. Every process may run it (main.ts, on a timer): each delete is idempotent, so several
 * processes running it at once only repeat work.
 *
 * Rows are kept a day past their end: long enough for a support question ("why was my code
 * refused?") and for the page-view style debugging of a bad night, short enough not to pile up.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '~/platform/db/client';
import { completeDueDeactivations, pruneOldFootprints } from '~/features/account/server';
import { rollUpTrafficDays } from '~/features/analytics/server';
import { pruneLoginThrottle } from '~/features/console/server';
import { IDEMPOTENCY_KEY_TTL_MS } from '~/platform/config/constants';
import { authTokens, captchas, idempotencyKeys, qrSessions, rateLimitCounters, signChallenges, verificationCodes, verifyKeys } from '~/platform/db/schema';

const DAY_MS = 86_400_000;
/** Expired or revoked tokens are kept 30 days, so a revoked token still reads as revoked in logs. */
const TOKEN_KEEP_MS = 30 * DAY_MS;

export async function pruneExpiredSignInState(db: DbOrTx, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const counts = await Promise.all([
    db.delete(signChallenges).where(lt(signChallenges.expiresAt, dayAgo)).returning({ id: signChallenges.nonceStr }),
    db.delete(captchas).where(lt(captchas.expiresAt, dayAgo)).returning({ id: captchas.id }),
    db.delete(verifyKeys).where(lt(verifyKeys.expiresAt, dayAgo)).returning({ id: verifyKeys.keyHash }),
    db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, dayAgo)).returning({ id: verificationCodes.id }),
    db.delete(qrSessions).where(lt(qrSessions.expiresAt, dayAgo)).returning({ id: qrSessions.id }),
    db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, now)).returning({ id: rateLimitCounters.bucket }),
    db
      .delete(authTokens)
      .where(lt(sql`coalesce(${authTokens.revokedAt}, ${authTokens.expiresAt})`, new Date(now.getTime() - TOKEN_KEEP_MS)))
      .returning({ id: authTokens.id }),
    db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS))).returning({ id: idempotencyKeys.key }),
  ]);
  // The console's sign-in lockouts, once quiet for longer than their back-off is remembered.
  const throttles = await pruneLoginThrottle(db, now);
  return counts.reduce((sum, rows) => sum + rows.length, throttles);
}

/**
 * Everything the timer in main.ts does each round: sign-in state above, footprints past their 90
 * days, deregistrations whose cooling-off has ended (the user's personal data
 * is anonymised), and the console overview's rollup of settled days. Each part is
 * idempotent, so racing processes only repeat work. Returns the rows deleted or anonymised.
 */
export async function runHousekeeping(db: Db, now: Date): Promise<number> {
  const signIn = await pruneExpiredSignInState(db, now);
  const footprintsGone = await pruneOldFootprints(db, now);
  const deregistered = await completeDueDeactivations(db, now);
  await rollUpTrafficDays(db, now);
  return signIn + footprintsGone + deregistered;
}
