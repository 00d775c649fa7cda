/**
 * The process-wide handle (openDatabase / getDb / closeDatabase) on a PGlite data folder, and
 * N processes starting together against one PostgreSQL database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/platform/config/config';
import { seedDemoData } from '~/app/seed/demo';
import { closeDatabase, defaultDbConfig, getDb, openDatabase, pingDatabase, type DbConfig } from '~/platform/db/client';
import { DataDirLockedError } from '~/platform/db/lock';
import { games, listings } from '~/platform/db/schema';
import { GAME_CATALOG } from '~/app/seed/catalog';

const MIGRATIONS_DIR = path.resolve('drizzle');
const EXPECTED_LISTINGS = GAME_CATALOG.reduce((sum, game) => sum + game.listingCount, 0);
const dirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zuhao-db-'));
  dirs.push(dir);
  return path.join(dir, 'data'); // not created yet: openDatabase creates it
}

function pgliteConfig(dataDir: string): DbConfig {
  return { databaseUrl: null, dataDir, migrationsDir: MIGRATIONS_DIR };
}

/** Open like the application does: migrated, then the demo seed unless `seed` is false. */
const openSeeded = (config: DbConfig, seed = true) => openDatabase(config, seed ? seedDemoData : undefined);

afterEach(async () => {
  await closeDatabase();
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('defaultDbConfig', () => {
  it('defaults to PGlite in ./data and migrations in <cwd>/drizzle', () => {
    expect(defaultDbConfig(loadConfig({}))).toEqual({
      databaseUrl: null,
      migrationUrl: null,
      namedStatements: true,
      dataDir: path.resolve('data'),
      migrationsDir: path.join(process.cwd(), 'drizzle'),
    });
  });

  it('reads DATABASE_URL, DATABASE_NAMED_STATEMENTS, DATA_DIR and MIGRATIONS_DIR, empty values counting as unset', () => {
    expect(
      defaultDbConfig(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', DATA_DIR: '/srv/zuhao', MIGRATIONS_DIR: '/opt/zuhao/drizzle' })),
    ).toEqual({ databaseUrl: 'postgres://u@h:5432/d', migrationUrl: null, namedStatements: true, dataDir: '/srv/zuhao', migrationsDir: '/opt/zuhao/drizzle' });
    expect(defaultDbConfig(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/d', DATABASE_NAMED_STATEMENTS: 'false' }))).toMatchObject({ namedStatements: false });
    expect(
      defaultDbConfig(loadConfig({ DATABASE_URL: 'postgres://app@h:5432/d', DATABASE_MIGRATION_URL: 'postgres://owner@h:5432/d' })),
    ).toMatchObject({ databaseUrl: 'postgres://app@h:5432/d', migrationUrl: 'postgres://owner@h:5432/d' });
    expect(defaultDbConfig(loadConfig({ DATABASE_URL: '' }))).toMatchObject({ databaseUrl: null });
  });

  it.each([
    ['', true],
    ['0', false],
    ['false', false],
    ['yes', true],
  ])('SEED_DEMO=%j seeds the demo: %s', (raw, seed) => {
    expect(loadConfig({ SEED_DEMO: raw }).SEED_DEMO).toBe(seed);
  });
});

describe('the process-wide database on a PGlite data folder', () => {
  it('opens, migrates, seeds, locks the folder and is found again through getDb()', async () => {
    const dataDir = tempDataDir();
    const db = await openSeeded(pgliteConfig(dataDir));
    expect(fs.readFileSync(path.join(dataDir, '.lock'), 'utf8').trim()).toBe(String(process.pid));
    expect(await getDb()).toBe(db);
    expect(await pingDatabase()).toBe(true);
    const [row] = await db.select({ n: count() }).from(listings);
    expect(Number(row!.n)).toBe(EXPECTED_LISTINGS);
    // Opening the same target again is harmless; another target while open is a mistake.
    expect(await openSeeded(pgliteConfig(dataDir))).toBe(db);
    await expect(openDatabase(pgliteConfig(tempDataDir()))).rejects.toThrow(/already open/);
  });

  it('releases the lock on close, is idempotent, and keeps the data for the next start without seeding twice', async () => {
    const dataDir = tempDataDir();
    const first = await openSeeded(pgliteConfig(dataDir));
    await first.insert(games).values({ name: '测试游戏', slug: 'test-game', icon: '/covers/test.svg' });
    await closeDatabase();
    await closeDatabase();
    expect(fs.existsSync(path.join(dataDir, '.lock'))).toBe(false);

    const second = await openSeeded(pgliteConfig(dataDir));
    const [gameCount] = await second.select({ n: count() }).from(games);
    expect(Number(gameCount!.n)).toBe(GAME_CATALOG.length + 1);
    const [listingCount] = await second.select({ n: count() }).from(listings);
    expect(Number(listingCount!.n)).toBe(EXPECTED_LISTINGS);
  });

  it('refuses a data folder that another live process holds, and can open once it is free', async () => {
    const dataDir = tempDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, '.lock'), `${holder.pid}\n`);
      await expect(openSeeded(pgliteConfig(dataDir), false)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      holder.kill();
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // The holder is gone: its lock is stale and taken over.
    const db = await openSeeded(pgliteConfig(dataDir), false);
    expect(await db.select().from(games)).toEqual([]);
  });

  it('says where the migrations are missing instead of failing later', async () => {
    await expect(openDatabase({ ...pgliteConfig(tempDataDir()), migrationsDir: path.join(os.tmpdir(), 'no-such-drizzle') })).rejects.toThrow(
      /MIGRATIONS_DIR/,
    );
  });
});

const serverUrl = process.env['DATABASE_URL_TEST'];

describe.skipIf(!serverUrl)(
  `PostgreSQL processes starting together${serverUrl ? '' : ' (skipped: set DATABASE_URL_TEST=postgres://user@host:5432/db to run)'}`,
  () => {
    it('migrates and seeds exactly once when three processes start at the same moment', async () => {
      const name = `zuhao_test_race_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      try {
        const clientModule = path.resolve('src/platform/db/client.ts');
        const seedModule = path.resolve('src/app/seed/demo.ts');
        const script = `
          const { openDatabase, closeDatabase } = await import(${JSON.stringify(clientModule)});
          const { seedDemoData } = await import(${JSON.stringify(seedModule)});
          await openDatabase({ databaseUrl: process.env.RACE_URL, dataDir: 'unused', migrationsDir: ${JSON.stringify(MIGRATIONS_DIR)} }, seedDemoData);
          await closeDatabase();`;
        const run = (): Promise<{ code: number | null; stderr: string }> =>
          new Promise((resolve) => {
            const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
              env: { ...process.env, RACE_URL: url.toString(), LOG_LEVEL: 'silent' },
              stdio: ['ignore', 'ignore', 'pipe'],
            });
            let stderr = '';
            child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
            child.once('exit', (code) => resolve({ code, stderr }));
          });
        const results = await Promise.all([run(), run(), run()]);
        for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });

        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        try {
          const migrations = await check.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
          const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
          expect(migrations.rows[0]!.n).toBe(journal.entries.length);
          const seeded = await check.query<{ games: number; listings: number; users: number }>(
            `select (select count(*) from games)::int as games, (select count(*) from listings)::int as listings, (select count(*) from users)::int as users`,
          );
          expect(seeded.rows[0]).toMatchObject({ games: GAME_CATALOG.length, listings: EXPECTED_LISTINGS });
        } finally {
          await check.end();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    }, 60_000);

    it('reports a healthy connection through pingDatabase', async () => {
      const name = `zuhao_test_ping_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      try {
        const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', migrationsDir: MIGRATIONS_DIR });
        expect(await pingDatabase()).toBe(true);
        const result = await db.execute<{ one: number }>(sql`select 1 as one`);
        expect(result.rows[0]!.one).toBe(1);
        await closeDatabase();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
  },
);
