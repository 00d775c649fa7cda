/**
 * GET /api/v1/detail/account?account_id — spec §7 "game account detail": a missing listing answers
 * 404 with code -400 (账号已删除), which sends the detail page to deleted_page (spec §8).
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { getListingDetail } from '~/features/catalog/server/catalog';
import { accountQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { account_id } = await readQuery(url, accountQuerySchema);
  return ok(await getListingDetail(db, account_id, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
