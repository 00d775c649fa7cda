/**
 * The data layer on both drivers: migrations, demo seed, database checks. The same suite runs on an
 * in-memory PGlite and, when DATABASE_URL_TEST points at a PostgreSQL server, on a fresh database
 * created there (and dropped afterwards).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE_ATTR_NAME, ACCOUNT_TYPE_VALUE, RENTAL_TIME_ALL_DAY } from '~/platform/config/constants';
import { CERT_TYPE, THIRD_TYPE_UHAOZU } from '~/features/catalog/constants';
import { affectedRowCount, type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { DataDirLockedError, acquireDataDirLock } from '~/platform/db/lock';
import { games, listingAttrs, listings, pageViews, shops, users, type NewListingRow } from '~/platform/db/schema';
import { DEMO_USERS, seedDemoData } from '~/app/seed/demo';
import { GAME_CATALOG } from '~/app/seed/catalog';
import { verifyPassword } from '~/features/sign-in/server/password';
import { TEST_DRIVERS } from './drivers';

const MIGRATIONS_DIR = path.resolve('drizzle');
const PUBLIC_DIR = path.resolve('public');
const EXPECTED_LISTINGS = GAME_CATALOG.reduce((sum, game) => sum + game.listingCount, 0);

const DRIVERS = TEST_DRIVERS;

/** The name of the constraint a failed statement broke (drizzle wraps the driver error in `cause`). */
async function violatedConstraint(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      const constraint = (current as Error & { constraint?: string }).constraint;
      if (constraint) return constraint;
      current = current.cause;
    }
    throw error;
  }
  return undefined;
}

async function tableCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['users', 'games', 'platforms', 'zones', 'shops', 'listings', 'listing_attrs']) {
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    out[table] = Number(result.rows[0]!.n);
  }
  return out;
}

describe.each(DRIVERS)('database on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('migrated and seeded', () => {
    let test: TestDatabase;
    let db: Db;
    let firstSeed: { seeded: boolean };
    let seedMs = 0;
    let countsAfterSeed: Record<string, number>;

    beforeAll(async () => {
      test = await openTestDatabase({ driver, seed: false });
      db = test.db;
      const started = performance.now();
      firstSeed = await seedDemoData(db);
      seedMs = performance.now() - started;
      countsAfterSeed = await tableCounts(db);
    });

    afterAll(async () => {
      await test?.close();
    });

    it('applies every migration in the drizzle folder and creates the tables', async () => {
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      const tables = await db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(tables.rows.map((row) => row.table_name)).toEqual(
        expect.arrayContaining(['games', 'listing_attrs', 'listings', 'page_views', 'platforms', 'shops', 'users', 'zones']),
      );
    });

    it('seeds in one go, in well under the time budget', () => {
      expect(firstSeed).toEqual({ seeded: true });
      // Under 5 s on a quiet machine; the bound catches a pathological seed (row-by-row work),
      // with room for CI running every suite beside it (5 s failed there once under load).
      expect(seedMs).toBeLessThan(20_000);
    });

    it('seeds at least 12 games named as players know them, 三角洲行动 with hafu coins, some hot, one under maintenance', async () => {
      const rows = await db.select().from(games);
      expect(rows.length).toBeGreaterThanOrEqual(12);
      const names = rows.map((game) => game.name);
      expect(names).toEqual(expect.arrayContaining(['三角洲行动', '王者荣耀', '和平精英', '英雄联盟', '穿越火线', '原神', '永劫无间', '无畏契约', '第五人格', '绝地求生', '地下城与勇士', '火影忍者']));
      expect(rows.find((game) => game.name === '三角洲行动')).toMatchObject({ hasHafuCoin: true, isHot: true });
      expect(rows.filter((game) => game.hasHafuCoin)).toHaveLength(1);
      expect(rows.filter((game) => game.isHot).length).toBeGreaterThanOrEqual(3);
      const maintenance = rows.filter((game) => game.maintenanceStatus === 1 && game.isSuspended === 1);
      expect(maintenance).toHaveLength(1);
      for (const game of rows) expect(fs.existsSync(path.join(PUBLIC_DIR, game.icon)), game.icon).toBe(true);
    });

    it('gives every game platforms and zones, and every listing a platform and zone of its own game', async () => {
      const perGame = await db.query.games.findMany({ with: { platforms: true, zones: true } });
      for (const game of perGame) {
        expect(game.platforms.length, game.name).toBeGreaterThan(0);
        expect(game.zones.length, game.name).toBeGreaterThan(0);
      }
      const wrongPlatform = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from listings l
        left join platforms p on p.id = l.platform_id
        left join zones z on z.id = l.zone_id
        where p.game_id is distinct from l.game_id or z.game_id is distinct from l.game_id
          or (z.platform_id is not null and z.platform_id <> l.platform_id)`);
      expect(Number(wrongPlatform.rows[0]!.n)).toBe(0);
    });

    it(`seeds ${EXPECTED_LISTINGS} listings (at least 300) covering every state the hall shows`, async () => {
      const [{ total }] = (await db.select({ total: count() }).from(listings)) as [{ total: number }];
      expect(total).toBeGreaterThanOrEqual(300);
      expect(total).toBe(EXPECTED_LISTINGS);

      const has = async (where: ReturnType<typeof sql>): Promise<number> => {
        const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from listings l join games g on g.id = l.game_id where ${where}`);
        return Number(result.rows[0]!.n);
      };
      // Deposit: spec §9 无押金 when 0, else 押金N元.
      expect(await has(sql`l.deposit_fen = 0`)).toBeGreaterThan(total * 0.3);
      expect(await has(sql`l.deposit_fen > 0`)).toBeGreaterThan(total * 0.2);
      // Availability (spec §4): unavailable, appoint, maintenance.
      expect(await has(sql`l.is_rented and not l.is_reservation`)).toBeGreaterThan(0);
      expect(await has(sql`l.is_rented and l.is_reservation`)).toBeGreaterThan(0);
      expect(await has(sql`not l.is_listed`)).toBeGreaterThan(0);
      expect(await has(sql`g.maintenance_status = 1 and g.is_suspended = 1`)).toBeGreaterThan(0);
      expect(await has(sql`not l.is_rented and l.is_listed and g.maintenance_status = 0`)).toBeGreaterThan(total * 0.5);
      expect(await has(sql`l.third_type = ${THIRD_TYPE_UHAOZU}`)).toBeGreaterThan(0);
      expect(await has(sql`l.rental_time = ${RENTAL_TIME_ALL_DAY}`)).toBeGreaterThan(total * 0.6);
      expect(await has(sql`l.rental_time <> ${RENTAL_TIME_ALL_DAY}`)).toBeGreaterThan(0);
      // Activity and flags.
      expect(await has(sql`l.activity_discount is not null`)).toBeGreaterThan(0);
      expect(await has(sql`l.promo_rental_hours is not null and l.promo_bonus_hours is not null`)).toBeGreaterThan(0);
      for (const flag of ['is_insurance', 'is_use_bargain', 'is_use_vip_discount', 'top_shelf', 'daily_rental', 'ten_hour_rental', 'weekly_rental', 'morning_rental', 'afternoon_rental', 'night_rental']) {
        expect(await has(sql`${sql.identifier('l')}.${sql.identifier(flag)}`), flag).toBeGreaterThan(0);
        expect(await has(sql`not ${sql.identifier('l')}.${sql.identifier(flag)}`), flag).toBeGreaterThan(0);
      }
      expect(await has(sql`l.min_rental_hours > 1`)).toBeGreaterThan(0);
      // Prices 1-30 yuan in fen, and varied.
      const prices = await db.execute<{ min: number; max: number; distinct: number }>(
        sql`select min(rental_fen)::int as min, max(rental_fen)::int as max, count(distinct rental_fen)::int as distinct from listings`,
      );
      expect(prices.rows[0]).toMatchObject({ min: expect.any(Number), max: expect.any(Number) });
      expect(Number(prices.rows[0]!.min)).toBeGreaterThanOrEqual(100);
      expect(Number(prices.rows[0]!.max)).toBeLessThanOrEqual(3_000);
      expect(Number(prices.rows[0]!.distinct)).toBeGreaterThan(15);
      // created_at spread over recent months, never in the future.
      const spread = await db.execute<{ days: number; future: number }>(
        sql`select (extract(epoch from max(created_at) - min(created_at)) / 86400)::int as days, count(*) filter (where created_at > now())::int as future from listings`,
      );
      expect(Number(spread.rows[0]!.days)).toBeGreaterThan(60);
      expect(Number(spread.rows[0]!.future)).toBe(0);
    });

    it('has owners of every certification: individual (0), store (1) and merchant (2), each with listings', async () => {
      const rows = await db
        .select({ certType: shops.certType, n: count(listings.id) })
        .from(shops)
        .innerJoin(listings, eq(listings.shopId, shops.id))
        .groupBy(shops.certType);
      const byCert = new Map(rows.map((row) => [row.certType, Number(row.n)]));
      expect(byCert.get(CERT_TYPE.individual)).toBeGreaterThan(0);
      expect(byCert.get(CERT_TYPE.store)).toBeGreaterThan(0);
      expect(byCert.get(CERT_TYPE.merchant)).toBeGreaterThan(0);
      const merchant = await db.query.users.findFirst({ where: eq(users.username, DEMO_USERS.merchant.username), with: { shop: true } });
      expect(merchant?.shop?.certType).toBe(CERT_TYPE.merchant);
    });

    it('describes 三角洲行动 accounts as 哈夫币号 or 皮肤号 with 50万 to 2亿 hafu coins and an exchange rate', async () => {
      const sjz = (await db.select().from(games).where(eq(games.name, '三角洲行动')))[0]!;
      const rows = await db.query.listings.findMany({ where: eq(listings.gameId, sjz.id), with: { attrs: true } });
      expect(rows.length).toBeGreaterThan(0);
      const types = new Set<string>();
      for (const listing of rows) {
        expect(listing.gameMoney).toBeGreaterThanOrEqual(500_000);
        expect(listing.gameMoney).toBeLessThanOrEqual(200_000_000);
        expect(listing.moneyExchangeRate).toBeGreaterThan(0);
        const type = listing.attrs.find((attr) => attr.attrName === ACCOUNT_TYPE_ATTR_NAME)?.value;
        expect([ACCOUNT_TYPE_VALUE.hafuCoin, ACCOUNT_TYPE_VALUE.skin]).toContain(type);
        types.add(type!);
      }
      expect(types.size).toBe(2);
      expect(Math.max(...rows.map((listing) => listing.gameMoney))).toBeGreaterThanOrEqual(100_000_000);
      // Other games carry no hafu coins and no account type.
      const others = await db.select({ n: count() }).from(listings).where(and(sql`${listings.gameId} <> ${sjz.id}`, gt(listings.gameMoney, 0)));
      expect(Number(others[0]!.n)).toBe(0);
    });

    it('gives listings rank, skin and hero attributes and local cover images', async () => {
      const rows = await db.query.listings.findMany({ with: { attrs: true, game: true }, limit: 400 });
      for (const listing of rows) {
        const names = listing.attrs.map((attr) => attr.attrName);
        const game = GAME_CATALOG.find((entry) => entry.slug === listing.game.slug)!;
        expect(names).toContain(game.rankAttr);
        expect(names).toContain(game.skinAttr);
        if (game.heroAttr) expect(names).toContain(game.heroAttr);
        expect(listing.imgs.length).toBeGreaterThan(0);
        for (const img of listing.imgs) {
          expect(img).toMatch(new RegExp(`^/covers/${listing.game.slug}-\\d\\.svg$`));
          expect(fs.existsSync(path.join(PUBLIC_DIR, img)), img).toBe(true);
        }
      }
      const lol = await db
        .select({ n: count() })
        .from(listingAttrs)
        .where(and(eq(listingAttrs.attrName, '英雄数量'), inArray(listingAttrs.listingId, db.select({ id: listings.id }).from(listings))));
      expect(Number(lol[0]!.n)).toBeGreaterThan(0);
    });

    it('stores demo passwords as scrypt hashes that verify', async () => {
      for (const demo of [DEMO_USERS.renter, DEMO_USERS.merchant, DEMO_USERS.store, DEMO_USERS.owner1]) {
        const [user] = await db.select().from(users).where(eq(users.username, demo.username));
        expect(user, demo.username).toBeDefined();
        expect(user!.passwordHash).toMatch(/^scrypt\$/);
        expect(await verifyPassword(demo.password, user!.passwordHash)).toBe(true);
        expect(await verifyPassword(`${demo.password}x`, user!.passwordHash)).toBe(false);
      }
    });

    it('types raw rows and counts affected rows the same way on both drivers', async () => {
      const result = await db.execute<{ n: number }>(sql`select 41 + 1 as n`);
      expect(result.rows).toEqual([{ n: 42 }]);
      const updated = await db
        .update(listings)
        .set({ popularity: sql`${listings.popularity}` })
        .where(inArray(listings.id, [1, 2, 3]));
      expect(affectedRowCount(updated)).toBe(3);
    });

    it('changes nothing when seeded a second time', async () => {
      expect(await seedDemoData(db)).toEqual({ seeded: false });
      expect(await tableCounts(db)).toEqual(countsAfterSeed);
    });

    describe('database checks reject what the app must never store', () => {
      let valid: NewListingRow;
      beforeAll(async () => {
        const [shop] = await db.select().from(shops).limit(1);
        const [game] = await db.select().from(games).limit(1);
        valid = { shopId: shop!.id, gameId: game!.id, title: '测试账号', roleName: '测试', rentalFen: 500 };
      });
      afterEach(async () => {
        await db.delete(listings).where(eq(listings.title, '测试账号'));
      });

      it('accepts a valid listing with the column defaults', async () => {
        const [row] = await db.insert(listings).values(valid).returning();
        expect(row).toMatchObject({ depositFen: 0, minRentalHours: 1, rentalTime: RENTAL_TIME_ALL_DAY, imgs: [], gameMoney: 0, isListed: true, activityDiscount: null });
      });

      it.each([
        ['a negative hourly price', { rentalFen: -1 }, 'listings_rental_fen_check'],
        ['a negative deposit', { depositFen: -100 }, 'listings_deposit_fen_check'],
        ['a minimum rental under one hour', { minRentalHours: 0 }, 'listings_min_rental_hours_check'],
        ['negative hafu coins', { gameMoney: -5 }, 'listings_game_money_check'],
        ['a zero exchange rate', { moneyExchangeRate: 0 }, 'listings_money_exchange_rate_check'],
        ['a discount above 1', { activityDiscount: 1.2 }, 'listings_activity_discount_check'],
        ['a promotion without bonus hours', { promoRentalHours: 5 }, 'listings_promo_check'],
        ['a rental window not in HH:mm-HH:mm', { rentalTime: '8:00-23:00' }, 'listings_rental_time_check'],
        ['a rental window past 23:59', { rentalTime: '08:00-24:00' }, 'listings_rental_time_check'],
      ] as const)('rejects %s', async (_label, patch, constraint) => {
        expect(await violatedConstraint(db.insert(listings).values({ ...valid, ...patch }))).toBe(constraint);
      });

      it('rejects an unknown shop certification and a second shop for one owner', async () => {
        const [owner] = await db.select().from(users).where(eq(users.username, DEMO_USERS.renter.username));
        expect(await violatedConstraint(db.insert(shops).values({ ownerUserId: owner!.id, name: '坏店', certType: 3 }))).toBe('shops_cert_type_check');
        const [merchant] = await db.select().from(users).where(eq(users.username, DEMO_USERS.merchant.username));
        expect(await violatedConstraint(db.insert(shops).values({ ownerUserId: merchant!.id, name: '第二家店', certType: 0 }))).toBe('shops_owner_user_id_key');
      });

      it('rejects a duplicate username or mobile and an unknown user status', async () => {
        expect(await violatedConstraint(db.insert(users).values({ username: DEMO_USERS.renter.username, nickname: 'dup' }))).toBe('users_username_key');
        expect(await violatedConstraint(db.insert(users).values({ username: 'dup_mobile', nickname: 'dup', mobile: DEMO_USERS.renter.mobile }))).toBe('users_mobile_key');
        expect(await violatedConstraint(db.insert(users).values({ username: 'bad_status', nickname: 'x', status: 'banned' as 'active' }))).toBe('users_status_check');
      });

      it('keeps page views with a 32-character session id only', async () => {
        const base = { name: 'zuhao', title: '租号大厅', path: '/zuhao.html' };
        expect(await violatedConstraint(db.insert(pageViews).values({ ...base, sessionId: 'short' }))).toBe('page_views_session_id_check');
        const [row] = await db
          .insert(pageViews)
          .values({ ...base, sessionId: 'a'.repeat(32), value: { gameId: 1, gameName: '王者荣耀' } })
          .returning();
        expect(row).toMatchObject({ userId: null, value: { gameId: 1, gameName: '王者荣耀' } });
        expect(typeof row!.id).toBe('number');
        await db.delete(pageViews);
      });

      it('removes a listing’s attributes with the listing (cascade)', async () => {
        const [row] = await db.insert(listings).values(valid).returning({ id: listings.id });
        await db.insert(listingAttrs).values({ listingId: row!.id, attrName: '段位', value: '王者' });
        await db.delete(listings).where(eq(listings.id, row!.id));
        expect(await db.select().from(listingAttrs).where(eq(listingAttrs.listingId, row!.id))).toEqual([]);
      });
    });
  });
});

describe('demo seed determinism', () => {
  it('writes the same listings (titles, prices, coins) into two fresh databases', async () => {
    const digest = async (): Promise<string> => {
      const test = await openTestDatabase({ seed: true });
      try {
        const rows = await test.db
          .select({ id: listings.id, title: listings.title, rentalFen: listings.rentalFen, depositFen: listings.depositFen, gameMoney: listings.gameMoney, shopId: listings.shopId })
          .from(listings)
          .orderBy(listings.id);
        return JSON.stringify(rows);
      } finally {
        await test.close();
      }
    };
    const [a, b] = [await digest(), await digest()];
    expect(a.length).toBeGreaterThan(1_000);
    expect(a).toBe(b);
  });
});

describe('PGlite data folder lock', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zuhao-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A pid that surely belongs to no running process: a child that has already exited. */
  const deadPid = (): number => {
    const child = spawnSync(process.execPath, ['-e', '']);
    return child.pid!;
  };

  it('writes this process id into <dir>/.lock and removes the file on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    release(); // idempotent
  });

  it('refuses a second acquire while the holder is alive, naming its pid and the way out', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    try {
      let caught: unknown;
      try {
        acquireDataDirLock(dir);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataDirLockedError);
      const error = caught as DataDirLockedError;
      expect(error.pid).toBe(process.pid);
      expect(error.message).toContain(`another process (pid ${process.pid})`);
      expect(error.message).toContain('DATA_DIR');
      expect(error.message).toContain('DATABASE_URL');
    } finally {
      release();
    }
  });

  it('refuses a folder held by another live process', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dir, '.lock'), `${holder.pid}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a stale lock left by a process that died', () => {
    const dir = tempDir();
    const stalePid = deadPid();
    fs.writeFileSync(path.join(dir, '.lock'), `${stalePid}\n`);
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.lock'), 'not a pid');
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('does not delete a lock another process has taken over since', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(path.join(dir, '.lock'), '999999999\n');
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(true);
  });
});
