/** GET /api/v1/home/announcements?page — published announcements, pinned first (spec §7 home "announcements list"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { pageQuerySchema } from '~/features/catalog/server/catalog.schemas';
import { listAnnouncements } from '~/features/catalog/server/home';

export const GET = handle(async ({ url, db }) => {
  const paging = await readQuery(url, pageQuerySchema);
  return ok(await listAnnouncements(db, paging));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
