/**
 * Opening this process's database the way the application wants it: migrated, then seeded with
 * the demo data when SEED_DEMO says so. main.ts calls it before listening; under `astro dev`
 * nobody did, so the request context calls it on the first request. The data layer (db/) stays
 * ignorant of seeding; this is the one place that joins them.
 */
import { appConfig, type AppConfig } from './config';
import { defaultDbConfig, isDatabaseOpen, getDb, openDatabase, type Db, type DbConfig } from './db/client';
import { seedDemoData } from './seed/demo';

export async function openAppDatabase(config: AppConfig = appConfig(), dbConfig: DbConfig = defaultDbConfig(config)): Promise<Db> {
  return openDatabase(dbConfig, config.SEED_DEMO ? seedDemoData : undefined);
}

/** The open database, or this process's database opened (and seeded) now. */
export async function appDatabase(): Promise<Db> {
  return isDatabaseOpen() ? getDb() : openAppDatabase();
}
