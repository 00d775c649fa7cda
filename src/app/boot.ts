/**
 * Opening this process's database the way the application wants it: migrated, the shipped help
 * pages imported (every start, demo or not; never over an operator's edit), then seeded
 * with the demo data when SEED_DEMO says so. main.ts calls it before listening; under `astro dev`
 * nobody did, so the request context calls it on the first request. The data layer (db/) stays
 * ignorant of seeding; this is the one place that joins them.
 */
import path from 'node:path';
import { appConfig, type AppConfig } from '~/platform/config/config';
import { defaultDbConfig, isDatabaseOpen, getDb, openDatabase, type Db, type DbConfig } from '~/platform/db/client';
import { seedDemoData } from '~/app/seed/demo';
import { log } from '~/platform/config/log';
import { downloadsDir, importDownloadFolder, SHIPPED_HELP_DIR, importHelpPagesFromDir } from '~/features/content/server';

export interface AppContentOptions {
  /** Folder of the shipped help pages; default src/content/help under the working directory. */
  helpDir?: string;
}

export async function openAppDatabase(config: AppConfig = appConfig(), dbConfig: DbConfig = defaultDbConfig(config), content: AppContentOptions = {}): Promise<Db> {
  const helpDir = content.helpDir ?? path.resolve(SHIPPED_HELP_DIR);
  return openDatabase(dbConfig, async (db) => {
    await importHelpPagesFromDir(db, helpDir);
    if (config.SEED_DEMO) await seedDemoData(db);
    // Builds an operator copied into <DATA_DIR>/downloads before the console took uploads.
    await importDownloadFolder(db, downloadsDir(config));
  });
}

/** The open database, or this process's database opened (and seeded) now. */
export async function appDatabase(): Promise<Db> {
  return isDatabaseOpen() ? getDb() : openAppDatabase();
}

/** The process's database for this request, or undefined (logged) when it cannot be opened. */
export async function resolveRequestDb(): Promise<Db | undefined> {
  try {
    return await appDatabase();
  } catch (error) {
    log.error('database unavailable for request', { error: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
