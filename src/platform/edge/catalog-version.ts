import { eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { catalogVersion } from '~/platform/db/schema';

/** The current catalogue version (see schema `catalog_version`); 0 if the row is missing. */
export async function getCatalogVersion(db: Db): Promise<number> {
  const [row] = await db.select({ version: catalogVersion.version }).from(catalogVersion).where(eq(catalogVersion.id, 1));
  return row?.version ?? 0;
}
