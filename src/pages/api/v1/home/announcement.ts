/** GET /api/v1/home/announcement?id — one announcement with its content (spec §7 home "announcement detail"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { idQuerySchema } from '~/features/catalog/server/catalog.schemas';
import { getAnnouncement } from '~/features/catalog/server/home';

export const GET = handle(async ({ url, db }) => {
  const { id } = await readQuery(url, idQuerySchema);
  return ok(await getAnnouncement(db, id));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
