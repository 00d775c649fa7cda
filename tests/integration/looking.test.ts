/** The look counter and "who is looking" of the detail page (spec §7 detail group). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { pageViews } from '~/platform/db/schema';
import { getLookStats, LOOKING_WINDOW_MS } from '~/features/catalog/server/looking';
import { TEST_DRIVERS } from './drivers';

const NOW = new Date('2026-11-23T12:00:00+08:00');
const session = (n: number): string => `s${String(n).padStart(31, '0')}`;

describe.each(TEST_DRIVERS)('look counter on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('seeded', () => {
    let test: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      test = await openTestDatabase({ driver, seed: true });
      db = test.db;
      const at = (msAgo: number): Date => new Date(NOW.getTime() - msAgo);
      // The demo seed's visits (a visit before each demo rental) are not this test's: start from none.
      await db.delete(pageViews);
      await db.insert(pageViews).values([
        { kind: 'pageview', path: '/detail/1.html', sessionId: session(1), createdAt: at(60_000) },
        { kind: 'pageview', path: '/detail/1.html', sessionId: session(1), createdAt: at(30_000) },
        { kind: 'pageview', path: '/detail/1.html', sessionId: session(2), createdAt: at(5_000) },
        { kind: 'pageview', path: '/detail/1.html', sessionId: session(3), createdAt: at(LOOKING_WINDOW_MS + 1) },
        { kind: 'click', path: '/detail/1.html', sessionId: session(4), createdAt: at(1_000) },
        { kind: 'pageview', path: '/detail/2.html', sessionId: session(5), createdAt: at(1_000) },
      ]);
    });
    afterAll(async () => test?.close());

    it('counts every page view of the listing and the distinct visitors of the last 10 minutes', async () => {
      const stats = await getLookStats(db, 1, NOW);
      expect(stats.look_count).toBe(4);
      expect(stats.looking_count).toBe(2);
      expect(stats.list.map((viewer) => viewer.name)).toEqual(['游客0002', '游客0001']);
    });

    it('a listing nobody viewed has zero counts', async () => {
      expect(await getLookStats(db, 3, NOW)).toEqual({ look_count: 0, looking_count: 0, list: [] });
    });

    it('a missing listing is deleted (-400)', async () => {
      await expect(getLookStats(db, 999_999, NOW)).rejects.toMatchObject({ code: -400, httpStatus: 404 });
    });
  });
});
