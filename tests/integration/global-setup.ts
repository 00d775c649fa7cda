/**
 * Vitest global setup: builds the run's database templates once (a migrated and a seeded database
 * per driver) so that each test file's fresh database is a copy, not 37 migrations and a seed
 * again (src/app/seed/test-database.ts). Torn down at the end of the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createPostgresTemplate, dropTestServerDatabase, openScratchDatabase } from '~/platform/db/client';
import { seedDemoData } from '~/app/seed/demo';
import { TEST_DB_TEMPLATES_ENV, type TestDbTemplates } from '~/app/seed/test-database';

async function pgliteDump(file: string, seed: boolean): Promise<string> {
  const scratch = await openScratchDatabase(seed ? { afterMigrate: seedDemoData } : {});
  try {
    fs.writeFileSync(file, Buffer.from(await (await scratch.dump!()).arrayBuffer()));
  } finally {
    await scratch.close();
  }
  return file;
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zuhao-test-templates-'));
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const templates: TestDbTemplates = {
    pglite: { bare: await pgliteDump(path.join(dir, 'bare.tgz'), false), seed: await pgliteDump(path.join(dir, 'seed.tgz'), true) },
  };
  if (process.env['DATABASE_URL_TEST']) {
    const postgres = { bare: `zuhao_tmpl_${run}_bare`, seed: `zuhao_tmpl_${run}_seed` };
    await createPostgresTemplate(postgres.bare);
    await createPostgresTemplate(postgres.seed, { afterMigrate: seedDemoData });
    templates.postgres = postgres;
  }
  const manifest = path.join(dir, 'templates.json');
  fs.writeFileSync(manifest, JSON.stringify(templates));
  process.env[TEST_DB_TEMPLATES_ENV] = manifest;

  return async () => {
    if (templates.postgres) {
      await dropTestServerDatabase(templates.postgres.bare).catch(() => undefined);
      await dropTestServerDatabase(templates.postgres.seed).catch(() => undefined);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
