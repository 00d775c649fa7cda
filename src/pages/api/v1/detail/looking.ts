/**
 * GET /api/v1/detail/looking?account_id — the look counter and who is looking now (spec §7
 * "GET looking-user list": data.list). A missing listing answers 404 with code -400.
 */
import { getLookStats } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.looking, async ({ db }, { account_id }) => getLookStats(db, account_id, new Date()));
