/**
 * History that nobody rewrites (issue 25 "Headers and small holes"): the append-only tables refuse
 * TRUNCATE as they refuse UPDATE and DELETE, also when a cascade from a table they reference
 * reaches them; on PostgreSQL the application role of docs/postgres-roles.md may only INSERT and
 * SELECT them, and the processes still start (migrating over the owner's connection).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '~/app/seed/test-database';
import { APPEND_ONLY_TABLES } from '~/platform/db/append-only';
import { adminQuery, closeDatabase, openDatabase, type Db, type TestDatabase } from '~/platform/db/client';
import { TEST_DRIVERS } from './drivers';

const ROLE_SCRIPT = path.resolve('deploy/postgres/app-role.sql');

/** Every message and SQLSTATE along the error's cause chain (drizzle wraps the driver's error). */
async function failure(statement: Promise<unknown>): Promise<{ text: string; codes: string[] }> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    const codes: string[] = [];
    let current: unknown = error;
    while (current instanceof Error) {
      messages.push(current.message);
      const code = (current as Error & { code?: string }).code;
      if (code) codes.push(code);
      current = current.cause;
    }
    return { text: messages.join(' | '), codes };
  }
  throw new Error('the statement succeeded');
}

// pg_trigger.tgtype bits (src/include/catalog/pg_trigger.h).
const ROW = 1;
const BEFORE = 2;
const DELETE = 8;
const UPDATE = 16;
const TRUNCATE = 32;

describe.each(TEST_DRIVERS)('history tables on $label', ({ driver, skip }) => {
  describe.skipIf(skip)('append-only', () => {
    let test: TestDatabase;
    let db: Db;

    beforeAll(async () => {
      test = await openTestDatabase({ driver, seed: true });
      db = test.db;
    });

    afterAll(async () => {
      await test?.close();
    });

    it.each(APPEND_ONLY_TABLES)('TRUNCATE %s raises the append-only error', async (table) => {
      const before = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      // CASCADE, so a table another history table references (agreement_versions) meets its own
      // trigger rather than the foreign key's refusal.
      const refused = await failure(db.execute(sql`truncate ${sql.identifier(table)} cascade`));
      expect(refused.text).toContain(`rows of ${table} are append-only`);
      expect(refused.codes).toContain('23001');
      const after = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
      expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
    });

    it('nor can a cascade from the tables they reference reach them', async () => {
      for (const table of ['listings', 'orders', 'users', 'operators', 'complaints']) {
        const refused = await failure(db.execute(sql`truncate ${sql.identifier(table)} cascade`));
        expect(refused.text, table).toMatch(/rows of \w+ are append-only/);
      }
      const users = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      expect(Number(users.rows[0]!.n)).toBeGreaterThan(0);
    });

    it('the demo ledger rows refuse UPDATE and DELETE as before', async () => {
      expect((await failure(db.execute(sql`update wallet_ledger set ref_no = ref_no`))).text).toContain('rows of wallet_ledger are append-only');
      expect((await failure(db.execute(sql`delete from wallet_ledger`))).text).toContain('rows of wallet_ledger are append-only');
    });

    it('every table with the row guard has the TRUNCATE guard, and the list names them all', async () => {
      const triggers = await db.execute<{ table: string; type: number }>(sql`
        select c.relname as "table", t.tgtype::int as "type"
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and p.proname = 'refuse_history_rewrite'`);
      const guarded = (mask: number, row: boolean): string[] =>
        [...new Set(triggers.rows.filter((t) => (t.type & mask) === mask && ((t.type & ROW) === ROW) === row && (t.type & BEFORE) === BEFORE).map((t) => t.table))].sort();
      const listed = [...APPEND_ONLY_TABLES].sort();
      expect(guarded(UPDATE | DELETE, true)).toEqual(listed);
      expect(guarded(TRUNCATE, false)).toEqual(listed);
    });
  });
});

describe('the role script', () => {
  it('takes UPDATE, DELETE and TRUNCATE of exactly the append-only tables', () => {
    const script = fs.readFileSync(ROLE_SCRIPT, 'utf8');
    const revoke = /^REVOKE UPDATE, DELETE, TRUNCATE ON (.+) FROM zuhao_app;$/m.exec(script);
    expect(revoke).not.toBeNull();
    expect(revoke![1]!.split(',').map((name) => name.trim()).sort()).toEqual([...APPEND_ONLY_TABLES].sort());
  });
});

const serverUrl = process.env['DATABASE_URL_TEST'];

// Skipped without DATABASE_URL_TEST: roles and privileges exist only on a PostgreSQL server (.ci/run sets it).
describe.skipIf(!serverUrl)('PostgreSQL: the application role of docs/postgres-roles.md', () => {
  const role = `zuhao_app_test_${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  let test: TestDatabase;
  let ownerUrl = '';
  let appUrl = '';
  let app: pg.Client | null = null;

  beforeAll(async () => {
    test = await openTestDatabase({ driver: 'postgres', seed: true });
    const found = await test.db.execute<{ db: string; owner: string }>(sql`select current_database() as db, current_user as owner`);
    const { db: name, owner } = found.rows[0]!;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    ownerUrl = url.toString();
    url.username = role;
    url.password = password;
    appUrl = url.toString();
    await adminQuery(serverUrl!, `CREATE ROLE "${role}" LOGIN PASSWORD '${password}'`);
    // The documented script, word for word, with this test's role names.
    const script = fs.readFileSync(ROLE_SCRIPT, 'utf8').replaceAll('zuhao_app', `"${role}"`).replaceAll('zuhao_owner', `"${owner}"`);
    await test.db.execute(sql.raw(script));
    app = new pg.Client({ connectionString: appUrl });
    await app.connect();
  });

  afterAll(async () => {
    await app?.end().catch(() => undefined);
    await closeDatabase().catch(() => undefined);
    await test?.close(); // drops the database, and with it the role's grants there
    await adminQuery(serverUrl!, `DROP ROLE IF EXISTS "${role}"`);
  });

  const refusal = async (statement: string): Promise<string | undefined> => {
    try {
      await app!.query(statement);
    } catch (error) {
      return (error as { code?: string }).code;
    }
    return undefined;
  };

  it('may INSERT and SELECT the history tables', async () => {
    const inserted = await app!.query(`insert into ops_audit_log (operator_id, action, target_type) select id, 'test.role', 'test' from operators order by id limit 1 returning id`);
    expect(inserted.rowCount).toBe(1);
    for (const table of APPEND_ONLY_TABLES) {
      const read = await app!.query(`select count(*)::int as n from ${table}`);
      expect(read.rows[0].n, table).toBeGreaterThanOrEqual(0);
    }
  });

  it.each(APPEND_ONLY_TABLES)('is refused UPDATE, DELETE and TRUNCATE of %s by privilege, before any trigger', async (table) => {
    const column = await app!.query(`select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 order by ordinal_position limit 1`, [table]);
    const first = column.rows[0].column_name as string;
    expect(await refusal(`update ${table} set ${first} = ${first} where false`)).toBe('42501');
    expect(await refusal(`delete from ${table} where false`)).toBe('42501');
    expect(await refusal(`truncate ${table}`)).toBe('42501');
  });

  it('still reads and writes the ordinary tables, and cannot change the schema', async () => {
    expect((await app!.query(`update users set nickname = nickname where id = (select min(id) from users)`)).rowCount).toBe(1);
    expect(await refusal('create table role_probe (id int)')).toBe('42501');
    expect(await refusal('truncate users cascade')).toBe('42501');
  });

  it('a process starts on it, migrating over the owner connection (and cannot without it)', async () => {
    const dbConfig = { databaseUrl: appUrl, dataDir: 'unused', migrationsDir: path.resolve('drizzle') };
    const withoutOwner = await failure(openDatabase(dbConfig));
    expect(withoutOwner.text).toMatch(/permission denied/);
    const db = await openDatabase({ ...dbConfig, migrationUrl: ownerUrl });
    const who = await db.execute<{ who: string }>(sql`select current_user as who`);
    expect(who.rows[0]!.who).toBe(role);
    await closeDatabase();
  });
});
