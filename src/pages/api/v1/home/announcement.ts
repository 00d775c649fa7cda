/** GET /api/v1/home/announcement?id — one announcement with its content (spec §7 home "announcement detail"). */
import { getAnnouncement } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.announcement, async ({ db }, { id }) => getAnnouncement(db, id));
