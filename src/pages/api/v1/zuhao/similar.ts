/** GET /api/v1/zuhao/similar?account_id&limit — similar accounts (spec §7 zuhao "similar accounts"). */
import { DEFAULT_SIMILAR_LIMIT, listSimilarListings } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.similar, async ({ db }, { account_id, limit }) =>
  listSimilarListings(db, account_id, limit ?? DEFAULT_SIMILAR_LIMIT, new Date()),
);
