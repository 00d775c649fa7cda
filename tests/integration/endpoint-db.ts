/**
 * Endpoints reach the database through getDb(); an integration suite points it at its own test
 * database and keeps the rest of the data layer real:
 *
 *   vi.mock('~/server/db/client', async (importOriginal) => (await import('./endpoint-db')).mockDbClient(importOriginal));
 *   ...
 *   fakeDb.db = db;
 */
import type * as DbClient from '~/server/db/client';

export const fakeDb: { db: unknown; up: boolean } = { db: null, up: true };

export async function mockDbClient(importOriginal: () => Promise<unknown>): Promise<typeof DbClient> {
  const actual = (await importOriginal()) as typeof DbClient;
  return {
    ...actual,
    getDb: async () => {
      if (!fakeDb.db) throw new Error('test database not open');
      return fakeDb.db as DbClient.Db;
    },
    pingDatabase: async () => fakeDb.up,
  };
}
