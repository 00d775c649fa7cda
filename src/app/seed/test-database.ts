/**
 * A fresh database for a test file or a benchmark (STYLE §10): migrated, and with `seed: true`
 * holding the demo data, written by the same seed the demo start runs.
 *
 * Migrating 37 files and seeding take seconds per database, and a test run opens a hundred of
 * them. When the run has built templates (tests/integration/global-setup.ts names them in
 * TEST_DB_TEMPLATES), a database with the default migrations starts as a copy of the matching one.
 */
import fs from 'node:fs';
import { openScratchDatabase, type DbDriver, type ScratchTemplate, type TestDatabase } from '~/platform/db/client';
import { seedDemoData } from '~/app/seed/demo';

export interface TestDatabaseOptions {
  seed?: boolean;
  /** Default: 'pglite'. 'postgres' needs DATABASE_URL_TEST (a server where we may CREATE DATABASE). */
  driver?: DbDriver;
  migrationsDir?: string;
}

/** What TEST_DB_TEMPLATES points at: per driver, the migrated (`bare`) and the seeded copy. */
export interface TestDbTemplates {
  pglite?: { bare: string; seed: string };
  postgres?: { bare: string; seed: string };
}

export const TEST_DB_TEMPLATES_ENV = 'TEST_DB_TEMPLATES';

function templateFor(driver: DbDriver, seed: boolean): ScratchTemplate | undefined {
  const manifest = process.env[TEST_DB_TEMPLATES_ENV];
  if (!manifest) return undefined;
  const templates = JSON.parse(fs.readFileSync(manifest, 'utf8')) as TestDbTemplates;
  const kind = seed ? 'seed' : 'bare';
  if (driver === 'pglite' && templates.pglite) return { driver, dump: new Blob([fs.readFileSync(templates.pglite[kind])]) };
  if (driver === 'postgres' && templates.postgres) return { driver, database: templates.postgres[kind] };
  return undefined;
}

export function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { seed = false, ...rest } = options;
  const from = rest.migrationsDir ? undefined : templateFor(rest.driver ?? 'pglite', seed);
  return openScratchDatabase({ ...rest, ...(seed ? { afterMigrate: seedDemoData } : {}), ...(from ? { from } : {}) });
}
