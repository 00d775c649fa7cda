/** GET /api/v1/home/announcements?page — published announcements, pinned first (spec §7 home "announcements list"). */
import { listAnnouncements } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.announcements, async ({ db }, paging) => listAnnouncements(db, paging));
