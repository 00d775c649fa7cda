/**
 * The page cache's correctness rests on this: every change to what catalogue pages show raises
 * the catalogue version, on both drivers, whichever process made the change.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { listings } from '~/platform/db/schema';
import { getCatalogVersion } from '~/platform/edge/catalog-version';
import { watchedCatalogVersion } from '~/platform/edge/catalog-version-watch';
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

    it('rises once per transaction, however many rows and statements it wrote', async () => {
      const before = await getCatalogVersion(db);
      await db.update(listings).set({ popularity: sql`${listings.popularity} + 1` });
      expect(await getCatalogVersion(db)).toBe(before + 1);
      await db.transaction(async (tx) => {
        await tx.update(listings).set({ popularity: sql`${listings.popularity} + 1` }).where(eq(listings.id, 1));
        await tx.update(listings).set({ popularity: sql`${listings.popularity} + 1` }).where(eq(listings.id, 2));
      });
      expect(await getCatalogVersion(db)).toBe(before + 2);
    });

    it('is raised at commit: inside the writing transaction the version has not moved yet', async () => {
      const before = await getCatalogVersion(db);
      await db.transaction(async (tx) => {
        await tx.update(listings).set({ isRented: true }).where(eq(listings.id, 1));
        expect(await getCatalogVersion(tx as unknown as Db)).toBe(before);
      });
      expect(await getCatalogVersion(db)).toBe(before + 1);
    });

    it('stays put when a statement writes no row', async () => {
      const before = await getCatalogVersion(db);
      await db.update(listings).set({ isRented: true }).where(eq(listings.id, -1));
      expect(await getCatalogVersion(db)).toBe(before);
    });

    it('stays put when nothing shown on pages changes', async () => {
      const before = await getCatalogVersion(db);
      await db.execute(sql`select count(*) from listings`);
      expect(await getCatalogVersion(db)).toBe(before);
    });
  });
});

// Issue 27: a transaction that wrote a catalogue table takes the version row only at its commit,
// so two of them (two payments: each marks its listing rented) never wait for each other's whole
// transaction. Only PostgreSQL runs two transactions at once.
describe.skipIf(TEST_DRIVERS[1]!.skip)('the version row on PostgreSQL', () => {
  let test: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    test = await openTestDatabase({ driver: 'postgres', seed: true });
    db = test.db;
  });
  afterAll(async () => test?.close());

  it('is not held by an open transaction that changed a listing: another one commits its change meanwhile', async () => {
    const before = await getCatalogVersion(db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const first = db.transaction(async (tx) => {
      await tx.update(listings).set({ popularity: sql`${listings.popularity} + 1` }).where(eq(listings.id, 1));
      wrote();
      await held;
    });
    await written;
    try {
      // With the version row taken mid-transaction this waited for `first` (lock_timeout fails it).
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '2s'`);
        await tx.update(listings).set({ popularity: sql`${listings.popularity} + 1` }).where(eq(listings.id, 2));
      });
      expect(await getCatalogVersion(db)).toBe(before + 1);
    } finally {
      release();
      await first;
    }
    expect(await getCatalogVersion(db)).toBe(before + 2);
  });
});

// Issue 12: the embedded database keeps the version in memory (db/catalog-version-watch.ts), so
// the page cache reads no row per request. It must never lag a commit that has finished.
describe('the in-memory version of the embedded database', () => {
  let test: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    test = await openTestDatabase({ seed: true });
    db = test.db;
  });
  afterAll(async () => test?.close());

  it('equals the row at start', async () => {
    expect(watchedCatalogVersion(db)).toBe(await getCatalogVersion(db));
  });

  it('has the new version as soon as the writing statement returns', async () => {
    await db.update(listings).set({ isRented: false }).where(eq(listings.id, 2));
    expect(watchedCatalogVersion(db)).toBe(await getCatalogVersion(db));
  });

  it('holds the old version inside an open transaction and the new one right after its commit', async () => {
    const before = watchedCatalogVersion(db);
    await db.transaction(async (tx) => {
      await tx.update(listings).set({ popularity: sql`${listings.popularity} + 1` }).where(eq(listings.id, 3));
      await tx.update(listings).set({ popularity: sql`${listings.popularity} + 1` }).where(eq(listings.id, 4));
      expect(watchedCatalogVersion(db)).toBe(before);
    });
    expect(watchedCatalogVersion(db)).toBe(before! + 1);
    expect(watchedCatalogVersion(db)).toBe(await getCatalogVersion(db));
  });

  it('a rolled-back change announces nothing', async () => {
    const before = watchedCatalogVersion(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(listings).set({ isRented: true }).where(eq(listings.id, 5));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(watchedCatalogVersion(db)).toBe(before);
    expect(await getCatalogVersion(db)).toBe(before);
  });

  it('a request arriving after the commit (a later macrotask) sees the new version', async () => {
    const seen: Array<number | null> = [];
    const write = db.update(listings).set({ isRented: false }).where(eq(listings.id, 6));
    await write;
    await new Promise<void>((resolve) => setImmediate(() => { seen.push(watchedCatalogVersion(db)); resolve(); }));
    expect(seen[0]).toBe(await getCatalogVersion(db));
  });
});
