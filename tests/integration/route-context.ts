/**
 * The request context an integration suite hands its routes: the suite's own test database on
 * `locals`, exactly where middleware puts the process's database (platform/http/request-context.ts).
 * No module is mocked; a route under test reads `ctx.db` like it does in production.
 *
 *   suiteContext.db = db;               // in beforeAll, after openTestDatabase()
 *   await callRoute(route, '/api/v1/...');  // callRoute puts suiteContext.locals() on the context
 */
import { afterAll, beforeAll } from 'vitest';
import type { Db, DbDriver, TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';

export const suiteContext: { db: Db | null; locals(): { db?: Db } } = {
  db: null,
  locals() {
    return this.db ? { db: this.db } : {};
  },
};

/**
 * The usual suite setup: before the suite's tests, a fresh test database (seeded on request) on the
 * suite context, handed to `onOpen` so the suite keeps its own `db` variable; closed afterwards.
 * Skipped suites (no PostgreSQL) open nothing.
 */
export function useSuiteDatabase(options: { driver: DbDriver; skip: boolean; seed?: boolean }, onOpen: (db: Db) => void | Promise<void>): void {
  let opened: TestDatabase | null = null;
  beforeAll(async () => {
    if (options.skip) return;
    opened = await openTestDatabase({ driver: options.driver, seed: options.seed ?? false });
    suiteContext.db = opened.db;
    await onOpen(opened.db);
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await opened?.close();
  });
}
