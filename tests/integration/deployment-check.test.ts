/**
 * The boot check of a multi-process deployment (issue 11, src/app/deployment-check.ts): every
 * process must encrypt server-island props with the same key. The cross-process part runs on
 * PostgreSQL only (DATABASE_URL_TEST); with PGlite there is one process per data folder.
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type AppConfig } from '~/platform/config/config';
import { openScratchDatabase, type Db, type TestDatabase } from '~/platform/db/client';
import { appSecrets } from '~/platform/db/schema';
import { ASTRO_KEY_PROCESS_PREFIX, checkDeployment, DEPLOYMENT_LEASE_MS, fingerprintOf } from '~/app/deployment-check';

const pgUrl = process.env['DATABASE_URL_TEST'];
const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const onPostgres: AppConfig = { ...loadConfig({ APP_ENV: 'test' }), DATABASE_URL: 'postgres://deployment-check.invalid/db' };

describe('deployment check without a shared database', () => {
  it('PGlite: nothing to compare, nothing recorded', async () => {
    const result = await checkDeployment(loadConfig({ APP_ENV: 'test' }), { distDir: '/nowhere', builtKey: KEY_A, env: {}, heartbeat: false });
    expect(result).toMatchObject({ fingerprint: fingerprintOf(KEY_A), processRow: null });
  });

  it('an ASTRO_KEY at run time that the build was not made with is refused', async () => {
    await expect(checkDeployment(loadConfig({ APP_ENV: 'test' }), { distDir: '/nowhere', builtKey: KEY_A, env: { ASTRO_KEY: KEY_B }, heartbeat: false })).rejects.toThrow(
      /ASTRO_KEY differs from the key this build encrypts/,
    );
  });

  it('production on PostgreSQL without ASTRO_KEY is refused', async () => {
    const production = { ...onPostgres, APP_ENV: 'production' as const };
    await expect(checkDeployment(production, { distDir: '/nowhere', builtKey: KEY_A, env: {}, heartbeat: false })).rejects.toBeInstanceOf(ConfigError);
  });
});

describe.skipIf(!pgUrl)('deployment check across processes on PostgreSQL (DATABASE_URL_TEST)', () => {
  let scratch: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    scratch = await openScratchDatabase({ driver: 'postgres' });
    db = scratch.db;
  }, 120_000);

  afterAll(async () => {
    await scratch?.close();
  });

  const start = (key: string, now = new Date()) => checkDeployment(onPostgres, { distDir: '/nowhere', builtKey: key, env: {}, db, now, heartbeat: false });
  const rows = () => db.select().from(appSecrets).where(like(appSecrets.name, `${ASTRO_KEY_PROCESS_PREFIX}%`));

  it('processes of one build start side by side, each with its row; another build is refused while they live', async () => {
    const [first, second] = await Promise.all([start(KEY_A), start(KEY_A)]);
    expect(first.processRow).not.toBe(second.processRow);
    expect((await rows()).map((row) => row.value.split(' ')[0])).toEqual([fingerprintOf(KEY_A), fingerprintOf(KEY_A)]);

    await expect(start(KEY_B)).rejects.toThrow(/another key \(fingerprint [0-9a-f]{12}\)/);
    expect(await rows()).toHaveLength(2);

    // Once they have stopped (their rows deleted), the new build starts.
    await first.release();
    await expect(start(KEY_B)).rejects.toBeInstanceOf(ConfigError);
    await second.release();
    const next = await start(KEY_B);
    expect((await rows()).map((row) => row.name)).toEqual([next.processRow]);
    await next.release();
  });

  it('a process that died without cleaning up stops counting after the lease', async () => {
    const crashed = await start(KEY_A, new Date(Date.now() - DEPLOYMENT_LEASE_MS - 1_000));
    const replacement = await start(KEY_B);
    expect((await rows()).map((row) => row.name)).toEqual([replacement.processRow]);
    await crashed.release();
    await replacement.release();
  });
});
