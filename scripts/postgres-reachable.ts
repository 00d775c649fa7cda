/** Whether a PostgreSQL server answers at `url` within 2 s (benchmarks skip their PostgreSQL part otherwise). */
import pg from 'pg';

export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
