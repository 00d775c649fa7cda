/** GET /api/v1/home/announcements?page — published announcements, pinned first (spec §7 home "announcements list"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { pageQuerySchema } from '~/server/services/catalog.schemas';
import { listAnnouncements } from '~/server/services/home';

export const GET = handle(async ({ url, db }) => {
  const paging = await readQuery(url, pageQuerySchema);
  return ok(await listAnnouncements(db, paging));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
