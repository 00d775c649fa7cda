/**
 * The page cache's correctness rests on this: every change to what catalogue pages show raises
 * the catalogue version, on both drivers, whichever process made the change.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type TestDatabase } from '~/server/db/client';
import { openTestDatabase } from '~/server/seed/test-database';
import { listings } from '~/server/db/schema';
import { getCatalogVersion } from '~/server/services/catalog-version';
import { TEST_DRIVERS } from './drivers';

const DRIVERS = TEST_DRIVERS;

describe.each(DRIVERS)('catalogue version on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('seeded', () => {
    let test: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      test = await openTestDatabase({ driver, seed: true });
      db = test.db;
    });
    afterAll(async () => test?.close());

    it('rises when a listing is rented', async () => {
      const before = await getCatalogVersion(db);
      await db.update(listings).set({ isRented: true }).where(eq(listings.id, 1));
      expect(await getCatalogVersion(db)).toBeGreaterThan(before);
    });

    it('rises once per statement, not per row', async () => {
      const before = await getCatalogVersion(db);
      await db.update(listings).set({ popularity: sql`${listings.popularity} + 1` });
      expect(await getCatalogVersion(db)).toBe(before + 1);
    });

    it('stays put when nothing shown on pages changes', async () => {
      const before = await getCatalogVersion(db);
      await db.execute(sql`select count(*) from listings`);
      expect(await getCatalogVersion(db)).toBe(before);
    });
  });
});
