/** Expired sign-in state is deleted a day after its end; live rows are never touched. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { captchas, rateLimitCounters, signChallenges, verifyKeys } from '~/platform/db/schema';
import { pruneExpiredSignInState } from '~/app/jobs/housekeeping';
import { TEST_DRIVERS } from './drivers';

const HOUR = 3_600_000;

describe.each(TEST_DRIVERS)('pruneExpiredSignInState on $label', ({ driver, skip }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    if (!skip) database = await openTestDatabase({ driver });
  });
  afterAll(async () => database?.close());

  it.skipIf(skip)('deletes rows a day past their end and keeps the rest', async () => {
    const db = database.db;
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (offsetMs: number): Date => new Date(now.getTime() + offsetMs);
    await db.insert(signChallenges).values([
      { nonceStr: 'a'.repeat(32), signKey: 'k', keyId: 'k1', issuedAt: at(-30 * HOUR), expiresAt: at(-25 * HOUR) },
      { nonceStr: 'b'.repeat(32), signKey: 'k', keyId: 'k1', issuedAt: at(-2 * HOUR), expiresAt: at(-1 * HOUR) },
    ]);
    await db.insert(captchas).values([
      { id: 'old', targetX: 100, expiresAt: at(-25 * HOUR) },
      { id: 'live', targetX: 100, expiresAt: at(HOUR) },
    ]);
    await db.insert(verifyKeys).values({ keyHash: 'c'.repeat(64), action: 'login', expiresAt: at(-48 * HOUR) });
    await db.insert(rateLimitCounters).values([
      { bucket: 'ended', count: 3, windowEndsAt: at(-1) },
      { bucket: 'open', count: 3, windowEndsAt: at(HOUR) },
    ]);

    expect(await pruneExpiredSignInState(db, now)).toBe(4);
    expect((await db.select().from(signChallenges)).map((row) => row.nonceStr)).toEqual(['b'.repeat(32)]);
    expect((await db.select().from(captchas)).map((row) => row.id)).toEqual(['live']);
    expect(await db.select().from(verifyKeys)).toEqual([]);
    expect((await db.select().from(rateLimitCounters)).map((row) => row.bucket)).toEqual(['open']);
    expect(await pruneExpiredSignInState(db, now)).toBe(0);
  });
});
