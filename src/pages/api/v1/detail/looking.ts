/**
 * GET /api/v1/detail/looking?account_id — the look counter and who is looking now (spec §7
 * "GET looking-user list": data.list). A missing listing answers 404 with code -400.
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { accountQuerySchema } from '~/features/catalog/server/catalog.schemas';
import { getLookStats } from '~/features/catalog/server/looking';

export const GET = handle(async ({ url, db }) => {
  const { account_id } = await readQuery(url, accountQuerySchema);
  return ok(await getLookStats(db, account_id, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
