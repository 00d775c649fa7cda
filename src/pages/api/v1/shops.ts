/** GET /api/v1/shops?page — the shop list of /dianpu, most listed accounts first. */
import { allowOnly, headOf, handle, ok, readQuery } from '~/server/http';
import { listShops } from '~/server/services/catalog';
import { pageQuerySchema } from '~/server/services/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const paging = await readQuery(url, pageQuerySchema);
  return ok(await listShops(db, paging));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
