/**
 * Boot-time check that every process of a multi-process deployment encrypts server-island props
 * with the same key ("Many processes"; STYLE "Astro 7 facts": server islands encrypt their
 * props with ASTRO_KEY). A page rendered by one process asks `/_server-islands/*` of whichever
 * process the load balancer picks; with another key that process cannot decrypt the props and the
 * island fails for that visitor, with nothing in the logs of the process that rendered it.
 *
 * What Astro 7 really does: the key is baked into the build (`"key"` in the serialized manifest of
 * dist/server/entry.mjs); ASTRO_KEY is read by `astro build`, not at run time, and a build without
 * it gets a random key. So the fingerprint compared here is that of the key in the build, and an
 * ASTRO_KEY in the run-time environment must equal it (else the operator believes in a key that is
 * not used: the build was made without it).
 *
 * Across processes (PostgreSQL only: PGlite is one process per data folder, held by a lock file)
 * each live process keeps one `app_secrets` row, `astro_key_process:<id>` = `<fingerprint> <last
 * seen, epoch ms>`, confirmed every DEPLOYMENT_HEARTBEAT_MS and deleted when it stops. A process
 * whose fingerprint differs from that of any process seen within DEPLOYMENT_LEASE_MS refuses to
 * start. One row per process (rather than one shared value): a rebuilt deployment with a new
 * random key starts as soon as the old processes have stopped, not after an expiry, and a process
 * that crashed stops counting after the lease.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { ConfigError, type AppConfig } from '~/platform/config/config';
import { getDb, type Db } from '~/platform/db/client';
import { appSecrets } from '~/platform/db/schema';
import { log } from '~/platform/config/log';

/** Prefix of the `app_secrets` rows of live processes (the name column holds 64 characters). */
export const ASTRO_KEY_PROCESS_PREFIX = 'astro_key_process:';
/** How often a running process confirms its row. */
export const DEPLOYMENT_HEARTBEAT_MS = 30_000;
/** A row not confirmed for this long belongs to a process that died without cleaning up. */
export const DEPLOYMENT_LEASE_MS = 4 * DEPLOYMENT_HEARTBEAT_MS;
/** Transaction advisory lock that lets processes booting together check one after the other. */
const CHECK_LOCK_KEY = 7_311_011;

/** The serialized manifest's key: base64 of a 256-bit AES key. */
const BUILT_KEY_PATTERN = /"key":"([A-Za-z0-9+/]{43}=)"/;

export interface DeploymentCheckOptions {
  /** Folder of dist/main.mjs; the build's key is read from `<distDir>/server/entry.mjs`. */
  distDir: string;
  env?: Record<string, string | undefined>;
  /** Replaces reading the build (tests). */
  builtKey?: string | null;
  db?: Db;
  now?: Date;
  /** Confirm the fingerprint every DEPLOYMENT_HEARTBEAT_MS while the process runs (default true). */
  heartbeat?: boolean;
}

export interface DeploymentCheckResult {
  /** SHA-256 hex of the key server islands are encrypted with; null when no key is known. */
  fingerprint: string | null;
  /** This process's row in app_secrets; null when nothing was recorded (PGlite). */
  processRow: string | null;
  /** Deletes this process's row (also done on SIGTERM/SIGINT); idempotent. */
  release(): Promise<void>;
}

/** The server-island key baked into the build, or null when it cannot be found. */
export function readBuiltAstroKey(distDir: string): string | null {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return null;
  return BUILT_KEY_PATTERN.exec(readFileSync(entry, 'utf8'))?.[1] ?? null;
}

export const fingerprintOf = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

const short = (fingerprint: string): string => fingerprint.slice(0, 12);

function parseRow(value: string): { fingerprint: string; seenMs: number } {
  const [fingerprint = '', seen = '0'] = value.split(' ');
  return { fingerprint, seenMs: Number(seen) || 0 };
}

/**
 * Refuses to start (ConfigError, printed by main.ts) when this process would break server islands
 * of the others: production on PostgreSQL without ASTRO_KEY, an ASTRO_KEY the build was not made
 * with, or a build key that differs from the one live processes of the deployment serve with.
 */
export async function checkDeployment(config: AppConfig, options: DeploymentCheckOptions): Promise<DeploymentCheckResult> {
  const env = options.env ?? process.env;
  const runtimeKey = env['ASTRO_KEY'] || null;
  const builtKey = options.builtKey !== undefined ? options.builtKey : readBuiltAstroKey(options.distDir);

  if (config.DATABASE_URL && config.APP_ENV === 'production' && !runtimeKey) {
    throw new ConfigError(
      'Invalid configuration:\n  ASTRO_KEY is required with DATABASE_URL in production: every process must encrypt server-island props with the same key. Create one with `npx astro create-key`, and set it both for `npm run build` and for every process.',
    );
  }
  if (runtimeKey && builtKey && runtimeKey !== builtKey) {
    throw new ConfigError(
      'Invalid configuration:\n  ASTRO_KEY differs from the key this build encrypts server-island props with (Astro reads ASTRO_KEY when building, not when running). Run `npm run build` with this ASTRO_KEY set, then start again.',
    );
  }
  if (!builtKey) log.warn('server-island key not found in the build; fingerprinting ASTRO_KEY instead', { distDir: options.distDir });
  const key = builtKey ?? runtimeKey;
  const fingerprint = key ? fingerprintOf(key) : null;

  // One process per PGlite folder (lock file): nobody to disagree with.
  if (!config.DATABASE_URL || fingerprint === null) return { fingerprint, processRow: null, release: async () => undefined };

  const db = options.db ?? (await getDb());
  const nowMs = (options.now ?? new Date()).getTime();
  const processRow = `${ASTRO_KEY_PROCESS_PREFIX}${randomBytes(12).toString('hex')}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHECK_LOCK_KEY})`);
    const rows = await tx.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets).where(like(appSecrets.name, `${ASTRO_KEY_PROCESS_PREFIX}%`));
    const stale: string[] = [];
    for (const row of rows) {
      const other = parseRow(row.value);
      const idleMs = nowMs - other.seenMs;
      if (idleMs >= DEPLOYMENT_LEASE_MS) stale.push(row.name);
      else if (other.fingerprint !== fingerprint) {
        throw new ConfigError(
          `Invalid configuration:\n  this build encrypts server-island props with another key (fingerprint ${short(fingerprint)}) than a process of this deployment running on the same database (${short(other.fingerprint)}, seen ${Math.round(idleMs / 1000)} s ago): pages rendered by one would break server islands fetched from the other. Build every process with the same ASTRO_KEY (\`npx astro create-key\`, set for \`npm run build\` and at run time), or stop the other processes first (a process that died without stopping counts for ${DEPLOYMENT_LEASE_MS / 1000} s).`,
        );
      }
    }
    if (stale.length > 0) await tx.delete(appSecrets).where(inArray(appSecrets.name, stale));
    await tx.insert(appSecrets).values({ name: processRow, value: `${fingerprint} ${nowMs}` });
  });

  let released = false;
  const release = async (): Promise<void> => {
    if (released) return;
    released = true;
    clearInterval(timer);
    await db.delete(appSecrets).where(eq(appSecrets.name, processRow)).catch(() => undefined);
  };
  const timer = setInterval(() => {
    void db
      .update(appSecrets)
      .set({ value: `${fingerprint} ${Date.now()}` })
      .where(eq(appSecrets.name, processRow))
      .catch(() => undefined); // the database is briefly away: the next beat retries, the lease allows for it
  }, DEPLOYMENT_HEARTBEAT_MS);
  timer.unref();
  if (options.heartbeat === false) clearInterval(timer);
  else {
    // Registered before main.ts's own handlers, so the delete is sent before the pool closes;
    // if it is lost anyway, the row lapses after the lease.
    process.once('SIGTERM', () => void release());
    process.once('SIGINT', () => void release());
  }
  return { fingerprint, processRow, release };
}
