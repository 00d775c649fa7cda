import type { DbDriver } from '~/platform/db/client';

const pgUrl = process.env['DATABASE_URL_TEST'];

/** Every integration suite runs on PGlite, and on PostgreSQL when DATABASE_URL_TEST names a server. */
export const TEST_DRIVERS: { driver: DbDriver; label: string; skip: boolean }[] = [
  { driver: 'pglite', label: 'PGlite (in memory)', skip: false },
  {
    driver: 'postgres',
    label: pgUrl ? 'PostgreSQL (DATABASE_URL_TEST)' : 'PostgreSQL (skipped: set DATABASE_URL_TEST=postgres://user@host:5432/db to run)',
    skip: !pgUrl,
  },
];
