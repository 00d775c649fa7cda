/** GET /api/v1/home/banners — active banner ads in order (spec §7 home "ad list"). */
import { listBanners } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.banners, async ({ db }) => listBanners(db));
