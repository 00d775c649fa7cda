/** GET /api/v1/home/announcement?id — one announcement with its content (spec §7 home "announcement detail"). */
import { getDb } from '~/server/db/client';
import { allowOnly, handle, ok, readQuery } from '~/server/http';
import { idQuerySchema } from '~/server/services/catalog.schemas';
import { getAnnouncement } from '~/server/services/home';

export const GET = handle(async ({ url }) => {
  const { id } = await readQuery(url, idQuerySchema);
  return ok(await getAnnouncement(await getDb(), id));
});

export const ALL = allowOnly('GET');
