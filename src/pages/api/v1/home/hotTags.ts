/** GET /api/v1/home/hotTags — hot search tags (spec §7 home "hot tags"). */
import { listHotTags } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.hotTags, async ({ db }) => listHotTags(db));
