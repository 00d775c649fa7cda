/**
 * The request context an integration suite hands its routes: the suite's own test database on
 * `locals`, exactly where middleware puts the process's database (server/request-context.ts).
 * No module is mocked; a route under test reads `ctx.db` like it does in production.
 *
 *   suiteContext.db = db;               // in beforeAll, after openTestDatabase()
 *   await callRoute(route, '/api/v1/...');  // callRoute puts suiteContext.locals() on the context
 */
import type { Db } from '~/server/db/client';

export const suiteContext: { db: Db | null; locals(): { db?: Db } } = {
  db: null,
  locals() {
    return this.db ? { db: this.db } : {};
  },
};
