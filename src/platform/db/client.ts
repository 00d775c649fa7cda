/**
 * One database handle per process, two drivers behind one type (ARCHITECTURE "two drivers"):
 *
 * - PGlite (default): real PostgreSQL compiled to WASM, data in DATA_DIR. Single-process, so the
 *   folder is locked (lock.ts) before it is opened.
 * - PostgreSQL (DATABASE_URL): a `pg` Pool. N processes may start together, so migrate + seed run
 *   under a session advisory lock on one dedicated connection.
 *
 * One handle per process: src/app/main.ts opens it before listening, and the pages and endpoints
 * (the same module graph) find it through getDb(). Under `astro dev` nobody opens it first, so
 * getDb() opens it lazily, once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { watchCatalogVersion } from '~/platform/edge/catalog-version-watch';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import { namingClient, statementNamer } from '~/platform/db/named-statements';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { log } from '~/platform/config/log';
import { appConfig, type AppConfig } from '~/platform/config/config';
import { acquireDataDirLock } from '~/platform/db/lock';
import { closeListeners, postgresListenFactory, registerListener } from '~/platform/db/listen';
import * as schema from '~/platform/db/schema';

export type Schema = typeof schema;

/**
 * The raw result both drivers share (db.execute, update/delete without returning()): pg's
 * QueryResult and PGlite's Results both carry `rows`; the affected-row count is `rowCount` on pg and
 * `affectedRows` on PGlite (read it with affectedRowCount()). Plain PgQueryResultHKT would type it
 * as `unknown`.
 */
export interface DbQueryResult<TRow> {
  rows: TRow[];
  rowCount?: number | null;
  affectedRows?: number;
}
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<this['row'] extends Record<string, unknown> ? this['row'] : Record<string, unknown>>;
}
/** Works for both drivers: services take a Db and never know which one is behind it. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;
/** The `tx` of `db.transaction(async (tx) => ...)`; a Tx can be passed wherever a Db is read. */
export type DbTx = PgTransaction<DbQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either a database or a transaction on it, for helpers that run inside or outside one. */
export type DbOrTx = Db | DbTx;

/** Rows changed by an UPDATE/DELETE/INSERT run without returning(), on either driver. */
export function affectedRowCount(result: Pick<DbQueryResult<unknown>, 'rowCount' | 'affectedRows'>): number {
  return result.rowCount ?? result.affectedRows ?? 0;
}

export interface DbConfig {
  /** postgres://... to use PostgreSQL; null/undefined for embedded PGlite. */
  databaseUrl?: string | null;
  /**
   * PostgreSQL only: the schema owner's postgres://..., used for migrating and seeding alone, when
   * databaseUrl is an application role without DDL rights (docs/postgres-roles.md). Default: databaseUrl.
   */
  migrationUrl?: string | null;
  /** PostgreSQL only: name the statements inside transactions (named-statements.ts). Default: on. */
  namedStatements?: boolean;
  /** PGlite data folder (ignored with databaseUrl). */
  dataDir: string;
  /** Folder of drizzle-kit migrations (./drizzle). */
  migrationsDir: string;
}

/**
 * Runs once the schema is migrated, before anyone else uses the database (the demo seed, chosen by
 * the caller: the data layer knows no use case). On PostgreSQL it runs under the migration lock.
 */
export type AfterMigrate = (db: Db) => Promise<unknown>;

export type DbDriver = 'pglite' | 'postgres';

interface OpenHandle {
  db: Db;
  driver: DbDriver;
  target: string;
  close(): Promise<void>;
}

interface DbState {
  /** The open (or opening) database; null when closed. */
  opening: Promise<OpenHandle> | null;
  target: string | null;
}

const STATE: DbState = { opening: null, target: null };

/**
 * Key of the PostgreSQL advisory lock held while migrating and seeding (any constant bigint shared
 * by all processes of the deployment; this one is "zuhao" in ASCII).
 */
const MIGRATION_LOCK_KEY = 0x7a7568616f;

function dbState(): DbState {
  return STATE;
}

function targetOf(config: DbConfig): string {
  return config.databaseUrl ? `postgres:${config.databaseUrl}` : `pglite:${path.resolve(config.dataDir)}`;
}

/** A URL without its password, for logs. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}

/**
 * The database settings of this process's configuration (platform/config/config.ts, parsed once): DATABASE_URL,
 * DATA_DIR (./data), MIGRATIONS_DIR (<cwd>/drizzle). Seeding is the boot's choice (app/boot.ts).
 */
export function defaultDbConfig(config: AppConfig = appConfig()): DbConfig {
  return {
    databaseUrl: config.DATABASE_URL ?? null,
    migrationUrl: config.DATABASE_MIGRATION_URL ?? null,
    namedStatements: config.DATABASE_NAMED_STATEMENTS,
    dataDir: path.resolve(config.DATA_DIR),
    migrationsDir: path.resolve(config.MIGRATIONS_DIR ?? path.join(process.cwd(), 'drizzle')),
  };
}

function assertMigrationsDir(migrationsDir: string): void {
  if (!fs.existsSync(path.join(migrationsDir, 'meta', '_journal.json'))) {
    throw new Error(`No drizzle migrations found in ${migrationsDir} (meta/_journal.json is missing); set MIGRATIONS_DIR to the project's drizzle folder.`);
  }
}

// ---------------------------------------------------------------------------------------------
// PGlite

/**
 * Durability: PGlite already starts postgres with `-F` (fsync off) in its default start parameters,
 * and with the Node filesystem every write goes straight to the data folder. The `relaxedDurability`
 * option only stops PGlite from awaiting the flush of in-memory file systems (IndexedDB/OPFS) after
 * each query, which does not apply to NodeFS, so we leave it unset.
 */
async function openPglite(dataDir: string | null, migrationsDir: string, afterMigrate?: AfterMigrate, loadDataDir?: Blob): Promise<OpenHandle & { client: PGlite }> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  // A process that exits without closeDatabase() still frees the folder (sync unlink in 'exit').
  const releaseOnExit = (): void => release();
  if (dataDir) process.once('exit', releaseOnExit);
  let client: PGlite | null = null;
  try {
    // btree_gist backs the orders' no-double-booking exclusion constraint (migration 0011).
    const options: PGliteOptions = { extensions: { btree_gist }, ...(loadDataDir ? { loadDataDir } : {}) };
    client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
    await client.waitReady;
    const pgliteDb = drizzlePglite({ client, schema });
    await migratePglite(pgliteDb, { migrationsFolder: migrationsDir });
    const db = pgliteDb as unknown as Db;
    if (afterMigrate) await afterMigrate(db);
    await watchCatalogVersion(db, client);
    const opened = client;
    registerListener(db, async (channel, onPayload) => opened.listen(channel, onPayload));
    let closed = false;
    return {
      db,
      client: opened,
      driver: 'pglite',
      target: dataDir ? `pglite:${dataDir}` : 'pglite:memory',
      async close() {
        if (closed) return;
        closed = true;
        try {
          await closeListeners(db);
          if (!opened.closed) await opened.close();
        } finally {
          release();
          process.off('exit', releaseOnExit);
        }
      },
    };
  } catch (error) {
    if (client && !client.closed) await client.close().catch(() => undefined);
    release();
    process.off('exit', releaseOnExit);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function openPostgres(
  databaseUrl: string,
  migrationsDir: string,
  afterMigrate?: AfterMigrate,
  onClose?: () => Promise<void>,
  { migrationUrl = null, namedStatements = true }: Pick<DbConfig, 'migrationUrl' | 'namedStatements'> = {},
): Promise<OpenHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, ...(namedStatements ? { Client: namingClient(statementNamer()) } : {}) });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => log.warn('postgres pool client error', { error }));
  // The owner's connection lives only while migrating and seeding; the pool never sees it.
  const ownerPool = migrationUrl && migrationUrl !== databaseUrl ? new pg.Pool({ connectionString: migrationUrl, max: 1 }) : null;
  ownerPool?.on('error', (error) => log.warn('postgres migration client error', { error }));
  try {
    const conn = await (ownerPool ?? pool).connect();
    try {
      // Session-level lock on one connection: every process waits here until the first one has
      // migrated and seeded, then finds nothing left to do.
      await conn.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        const lockedDb = drizzlePg({ client: conn, schema });
        await migratePg(lockedDb, { migrationsFolder: migrationsDir });
        if (afterMigrate) await afterMigrate(lockedDb as unknown as Db);
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      conn.release();
      await ownerPool?.end().catch(() => undefined);
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (onClose) await onClose().catch(() => undefined);
    throw error;
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  registerListener(db, postgresListenFactory(databaseUrl));
  let closed = false;
  return {
    db,
    driver: 'postgres',
    target: `postgres:${redactUrl(databaseUrl)}`,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await closeListeners(db);
        await pool.end();
      } finally {
        if (onClose) await onClose();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the process-wide handle

/**
 * Opens the database of this process: lock (PGlite only), open, migrate, seed. Calling it again with
 * the same target returns the same handle; a different target while one is open is an error.
 */
export async function openDatabase(config: DbConfig, afterMigrate?: AfterMigrate): Promise<Db> {
  const state = dbState();
  const target = targetOf(config);
  if (state.opening) {
    if (state.target !== target) {
      throw new Error(`A database is already open (${state.target}); call closeDatabase() before opening ${target}.`);
    }
    return (await state.opening).db;
  }
  assertMigrationsDir(config.migrationsDir);
  const started = Date.now();
  const opening = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.migrationsDir, afterMigrate, undefined, { migrationUrl: config.migrationUrl ?? null, namedStatements: config.namedStatements ?? true })
    : openPglite(path.resolve(config.dataDir), config.migrationsDir, afterMigrate);
  state.opening = opening;
  state.target = target;
  try {
    const handle = await opening;
    log.info('database ready', { driver: handle.driver, target: handle.target, ms: Date.now() - started });
    return handle.db;
  } catch (error) {
    // Let a later call try again (e.g. after the other process holding the folder stopped).
    if (state.opening === opening) {
      state.opening = null;
      state.target = null;
    }
    throw error;
  }
}

/** Whether this process has opened (or is opening) its database. */
export function isDatabaseOpen(): boolean {
  return dbState().opening !== null;
}

/** The open database; opens one from defaultDbConfig() on first use when nothing opened it (no seed: see app/boot.ts). */
export async function getDb(): Promise<Db> {
  const state = dbState();
  if (state.opening) return (await state.opening).db;
  return openDatabase(defaultDbConfig());
}

/** SELECT 1 on the open (or lazily opened) database; false on any failure, never throws. */
export async function pingDatabase(): Promise<boolean> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Closes the PGlite instance or the pg pool and releases the data folder lock. Idempotent. */
export async function closeDatabase(): Promise<void> {
  const state = dbState();
  const opening = state.opening;
  state.opening = null;
  state.target = null;
  if (!opening) return;
  let handle: OpenHandle;
  try {
    handle = await opening;
  } catch {
    return; // it never opened; openDatabase already cleaned up
  }
  await handle.close();
}

// ---------------------------------------------------------------------------------------------
// tests

export interface TestDatabaseOptions {
  /** Run after migrating (the demo seed: app/seed/test-database.ts). Not run when starting `from` a copy. */
  afterMigrate?: AfterMigrate;
  /** Default: 'pglite'. 'postgres' needs DATABASE_URL_TEST (a server where we may CREATE DATABASE). */
  driver?: DbDriver;
  migrationsDir?: string;
  /**
   * Start from a copy of an already migrated (and seeded) database instead of an empty one: a test
   * run builds its templates once (tests/integration/global-setup.ts) rather than per test file.
   */
  from?: ScratchTemplate;
}

/** A migrated database to copy: PGlite's data folder as a tarball, or a PostgreSQL database used as TEMPLATE. */
export type ScratchTemplate = { driver: 'pglite'; dump: Blob } | { driver: 'postgres'; database: string };

export interface TestDatabase {
  db: Db;
  driver: DbDriver;
  close(): Promise<void>;
  /** PGlite only: the data folder as a gzip tarball, to start other scratch databases `from`. */
  dump?(): Promise<Blob>;
}

function postgresTestServer(): string {
  const serverUrl = process.env['DATABASE_URL_TEST'];
  if (!serverUrl) throw new Error('a PostgreSQL scratch database needs DATABASE_URL_TEST=postgres://user@host:port/db');
  return serverUrl;
}

function databaseUrlOn(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection to `serverUrl` (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * CREATE DATABASE, from a template when given. A template whose last connection is still closing
 * answers 55006 (object in use) for a moment, so that one error is retried briefly.
 */
async function createDatabase(serverUrl: string, name: string, template?: string): Promise<void> {
  const statement = template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(serverUrl, statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Drops a database of the DATABASE_URL_TEST server, closing whatever is still connected to it. */
export async function dropTestServerDatabase(name: string): Promise<void> {
  await adminQuery(postgresTestServer(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * Creates `name` on the DATABASE_URL_TEST server, migrated and after `afterMigrate`, and leaves it
 * with no connection so that scratch databases can be copied from it (CREATE DATABASE … TEMPLATE).
 */
export async function createPostgresTemplate(name: string, opts: Pick<TestDatabaseOptions, 'afterMigrate' | 'migrationsDir'> = {}): Promise<void> {
  const serverUrl = postgresTestServer();
  const migrationsDir = opts.migrationsDir ?? path.join(process.cwd(), 'drizzle');
  assertMigrationsDir(migrationsDir);
  await createDatabase(serverUrl, name);
  const handle = await openPostgres(databaseUrlOn(serverUrl, name), migrationsDir, opts.afterMigrate);
  await handle.close();
}

/**
 * A fresh, migrated (optionally seeded) database that is NOT the process-wide one (STYLE §10: a
 * fresh database per test file). PGlite runs in memory; 'postgres' creates a uniquely named
 * database on the DATABASE_URL_TEST server and drops it on close.
 */
export async function openScratchDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const migrationsDir = opts.migrationsDir ?? path.join(process.cwd(), 'drizzle');
  assertMigrationsDir(migrationsDir);
  const driver = opts.driver ?? 'pglite';
  if (opts.from && opts.from.driver !== driver) throw new Error(`a ${driver} scratch database cannot start from a ${opts.from.driver} copy`);
  if (driver === 'pglite') {
    const dump = opts.from?.driver === 'pglite' ? opts.from.dump : undefined;
    const handle = await openPglite(null, migrationsDir, dump ? undefined : opts.afterMigrate, dump);
    return { db: handle.db, driver: 'pglite', close: () => handle.close(), dump: () => handle.client.dumpDataDir('gzip') };
  }

  const serverUrl = postgresTestServer();
  const name = `zuhao_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = opts.from?.driver === 'postgres' ? opts.from.database : undefined;
  await createDatabase(serverUrl, name, template);
  const handle = await openPostgres(databaseUrlOn(serverUrl, name), migrationsDir, template ? undefined : opts.afterMigrate, () => dropTestServerDatabase(name));
  return { db: handle.db, driver: 'postgres', close: () => handle.close() };
}
