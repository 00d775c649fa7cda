/**
 * The catalogue version kept in memory for the embedded database. PGlite runs inside
 * this one process, so every write to the catalogue goes through it: the bump trigger announces
 * each new version with NOTIFY (migration 0013), PGlite hands the notification to its listeners in
 * a microtask queued while the COMMIT's answer is parsed, before the writer's own await resumes
 * and before any new request (a later macrotask) is read. A request therefore never sees a
 * version older than the last commit that finished before it arrived, the same guarantee the
 * coalesced read gives (read-coalescer.ts), without a query per request.
 *
 * PostgreSQL deployments do not use this: a notification reaches another process some time after
 * the commit, so they read the row.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '~/platform/db/client';

export const CATALOG_VERSION_CHANNEL = 'catalog_version';

const watched = new WeakMap<Db, { version: number }>();

/** Listens for version bumps on an embedded database; resolves once the current value is known. */
export async function watchCatalogVersion(db: Db, client: PGlite): Promise<void> {
  const state = { version: 0 };
  // Versions only grow: whichever of the notification and the first read lands last, keep the max.
  const raise = (value: number): void => {
    if (Number.isFinite(value) && value > state.version) state.version = value;
  };
  await client.listen(CATALOG_VERSION_CHANNEL, (payload) => raise(Number(payload)));
  const { rows } = await client.query<{ version: string | number }>('SELECT version FROM catalog_version WHERE id = 1');
  raise(Number(rows[0]?.version ?? 0));
  watched.set(db, state);
}

/** The in-memory catalogue version of a watched (embedded) database, or null to read the row. */
export function watchedCatalogVersion(db: Db): number | null {
  return watched.get(db)?.version ?? null;
}
