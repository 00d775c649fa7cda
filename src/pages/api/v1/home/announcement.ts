/** GET /api/v1/home/announcement?id — one announcement with its content (spec §7 home "announcement detail"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { idQuerySchema } from '~/server/services/catalog.schemas';
import { getAnnouncement } from '~/server/services/home';

export const GET = handle(async ({ url, db }) => {
  const { id } = await readQuery(url, idQuerySchema);
  return ok(await getAnnouncement(db, id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
