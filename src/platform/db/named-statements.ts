/**
 * Named statements for the pg driver, inside transactions. node-postgres sends every
 * parameterised statement unnamed, and PostgreSQL plans an unnamed statement on every execution:
 * on the order path planning took longer than running (0.7 ms of 0.9 ms for the listing read,
 * EXPLAIN ANALYZE; issue 27). A named statement is parsed once per connection, and after five
 * executions PostgreSQL may keep a generic plan for it (plan_cache_mode auto), so repeated
 * statements skip planning.
 *
 * Only statements between BEGIN and COMMIT/ROLLBACK are named: the write paths (orders, money,
 * the console's actions), whose statements look rows up by key. Reads outside a transaction (the
 * hall, the detail page, the lists) stay unnamed and planned for their values, because their best
 * plan depends on them (a game with 12,000 listings or with 12).
 *
 * Names are given per process to the first MAX_NAMED_STATEMENTS distinct texts; later texts go
 * unnamed, so statements whose text varies (an IN list of any length) cannot grow the server's or
 * the client's statement caches without bound. Needs a session per connection: behind a
 * transaction-pooling proxy (PgBouncer in transaction mode) leave it off (DATABASE_NAMED_STATEMENTS=false).
 */
import pg from 'pg';

export const MAX_NAMED_STATEMENTS = 2_000;

/** The name for `text` (the same for the same text), or null once the cap is reached. */
export function statementNamer(max = MAX_NAMED_STATEMENTS): (text: string) => string | null {
  const names = new Map<string, string>();
  return (text) => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= max) return null;
    const name = `s${names.size + 1}`;
    names.set(text, name);
    return name;
  };
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/** Whether `text` opens (true), closes (false) or stays in (null) a transaction. */
export function transactionEdge(text: string): boolean | null {
  const head = text.trimStart().slice(0, 24).toLowerCase();
  if (head.startsWith('begin') || head.startsWith('start transaction')) return true;
  if (head === 'commit' || head === 'rollback' || head.startsWith('commit ') || head.startsWith('rollback') || head.startsWith('end')) {
    // ROLLBACK TO SAVEPOINT stays inside the transaction.
    return head.startsWith('rollback to') ? null : false;
  }
  return null;
}

/** A pg.Pool's Client that names the statements it is given as { text, values } configs inside a transaction. */
export function namingClient(nameFor: (text: string) => string | null): typeof pg.Client {
  return class NamingClient extends pg.Client {
    #inTransaction = false;

    // pg's query() has a dozen overloads; this forwards every one of them unchanged but the name.
    override query(config: unknown, ...rest: unknown[]): never {
      const query = config as QueryConfigLike | string | null;
      const text = typeof query === 'string' ? query : typeof query?.text === 'string' ? query.text : null;
      const edge = text === null ? null : transactionEdge(text);
      if (edge !== null) this.#inTransaction = edge;
      else if (this.#inTransaction && text !== null && typeof query === 'object' && query !== null && query.name === undefined && query.submit === undefined) {
        const name = nameFor(text);
        if (name !== null) config = { ...query, name };
      }
      return (super.query as (...args: unknown[]) => never)(config, ...rest);
    }
  };
}
