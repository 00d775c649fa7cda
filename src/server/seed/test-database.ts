/**
 * A fresh database for a test file or a benchmark (STYLE §10): migrated, and with `seed: true`
 * holding the demo data, written by the same seed the demo start runs.
 */
import { openScratchDatabase, type DbDriver, type TestDatabase } from '../db/client';
import { seedDemoData } from './demo';

export interface TestDatabaseOptions {
  seed?: boolean;
  /** Default: 'pglite'. 'postgres' needs DATABASE_URL_TEST (a server where we may CREATE DATABASE). */
  driver?: DbDriver;
  migrationsDir?: string;
}

export function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { seed = false, ...rest } = options;
  return openScratchDatabase({ ...rest, ...(seed ? { afterMigrate: seedDemoData } : {}) });
}
