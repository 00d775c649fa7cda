/**
 * Secrets generated once per deployment and shared by every process through the database
 * (ARCHITECTURE "nothing may live only in one process's memory"): the first process to ask
 * creates the value, every later one reads the same. Each process caches what it read.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '~/platform/db/client';
import { appSecrets } from '~/platform/db/schema';

// Per database handle: a test process opens several databases, each with its own secrets.
const caches = new WeakMap<object, Map<string, string>>();

/** The secret `name`, made by `create()` if no process made it before. */
export async function sharedSecret(db: DbOrTx, name: string, create: () => string): Promise<string> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  cache.set(name, row.value);
  return row.value;
}
