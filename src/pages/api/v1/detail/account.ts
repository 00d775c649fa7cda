/**
 * GET /api/v1/detail/account?account_id — spec §7 "game account detail": a missing listing answers
 * 404 with code -400 (账号已删除), which sends the detail page to deleted_page (spec §8).
 */
import { getListingDetail } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.listing, async ({ db }, { account_id }) => getListingDetail(db, account_id, new Date()));
