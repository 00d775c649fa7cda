/**
 * Query plans for the benchmarks that show them (bench-sellers, bench-notifications): capture the
 * statements a service call sends at the pg driver, then EXPLAIN each with its parameters inlined.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client';

export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** The statements `call` sends, captured at the pg driver (text and parameters). */
export async function captureStatements(call: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') captured.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      captured.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    await call();
  } finally {
    proto.query = original;
  }
  return captured;
}

/** EXPLAIN ANALYZE of one captured statement; parameters become literals (drizzle's execute takes no binds here). */
export async function explain(db: Db, statement: CapturedStatement): Promise<string> {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => literal(statement.values[Number(n) - 1]));
  const result = await db.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain (analyze, buffers, costs off, timing off, summary on) ${text}`));
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}
