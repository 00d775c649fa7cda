/** GET /api/v1/shops?page — the shop list of /dianpu, most listed accounts first. */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listShops } from '~/features/catalog/server/catalog';
import { pageQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const paging = await readQuery(url, pageQuerySchema);
  return ok(await listShops(db, paging));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
