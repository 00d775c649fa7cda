/**
 * Named statements on a real PostgreSQL (platform/db/named-statements.ts): inside a transaction a
 * statement given as { text, values } is prepared once per connection under its name and answers
 * as before; outside one it stays unnamed; texts past the cap go unnamed; a statement refused in a
 * failed transaction is prepared on its next use. PostgreSQL only (DATABASE_URL_TEST): PGlite has no pg.Pool.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { namingClient, statementNamer } from '~/platform/db/named-statements';

const pgUrl = process.env['DATABASE_URL_TEST'];

describe.skipIf(!pgUrl)('named statements on PostgreSQL (DATABASE_URL_TEST)', () => {
  let pool: pg.Pool | null = null;

  afterEach(async () => {
    await pool?.end();
    pool = null;
  });

  /** One connection, so what it prepared can be read back from pg_prepared_statements. */
  async function oneClient(cap: number): Promise<pg.PoolClient> {
    pool = new pg.Pool({ connectionString: pgUrl, max: 1, Client: namingClient(statementNamer(cap)) });
    return pool.connect();
  }

  const prepared = async (client: pg.PoolClient): Promise<string[]> =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name);

  it('inside a transaction a { text, values } statement is prepared once under its name and answers each time with its own values; outside it stays unnamed', async () => {
    const client = await oneClient(10);
    try {
      const sum = { text: 'select $1::int + $2::int as n', values: [1, 2] };
      expect((await client.query(sum)).rows).toEqual([{ n: 3 }]);
      expect(await prepared(client)).toEqual([]);
      await client.query({ text: 'begin' });
      expect((await client.query(sum)).rows).toEqual([{ n: 3 }]);
      expect((await client.query({ ...sum, values: [40, 2] })).rows).toEqual([{ n: 42 }]);
      expect((await client.query({ text: 'select $1::text as t' }, ['两'])).rows).toEqual([{ t: '两' }]);
      await client.query({ text: 'commit' });
      // A plain string stays unnamed (the bookkeeping query is one).
      expect(await prepared(client)).toEqual(['s1', 's2']);
      expect((await client.query({ text: 'select $1::int * 2 as d', values: [21] })).rows).toEqual([{ d: 42 }]);
      expect(await prepared(client)).toEqual(['s1', 's2']);
    } finally {
      client.release();
    }
  });

  it('texts past the cap go unnamed and still answer', async () => {
    const client = await oneClient(1);
    try {
      await client.query({ text: 'begin' });
      expect((await client.query({ text: 'select 1 as a' })).rows).toEqual([{ a: 1 }]);
      expect((await client.query({ text: 'select 2 as b' })).rows).toEqual([{ b: 2 }]);
      await client.query({ text: 'commit' });
      expect(await prepared(client)).toEqual(['s1']);
    } finally {
      client.release();
    }
  });

  it('a named statement refused inside a failed transaction is prepared on its next use, after the rollback', async () => {
    const client = await oneClient(10);
    try {
      await client.query({ text: 'begin' });
      await expect(client.query({ text: 'select 1 / $1::int as q', values: [0] })).rejects.toThrow(/division by zero/);
      // The transaction is aborted: the next statement is refused before it is parsed.
      await expect(client.query({ text: 'select $1::int as later', values: [5] })).rejects.toThrow(/current transaction is aborted/);
      await client.query({ text: 'rollback' });
      await client.query({ text: 'begin' });
      expect((await client.query({ text: 'select $1::int as later', values: [5] })).rows).toEqual([{ later: 5 }]);
      expect((await client.query({ text: 'select 1 / $1::int as q', values: [4] })).rows).toEqual([{ q: 0 }]);
      await client.query({ text: 'commit' });
    } finally {
      client.release();
    }
  });
});
