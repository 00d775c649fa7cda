/** GET /api/v1/shops?page — the shop list of /dianpu, most listed accounts first. */
import { getDb } from '~/server/db/client';
import { allowOnly, handle, ok, readQuery } from '~/server/http';
import { listShops } from '~/server/services/catalog';
import { pageQuerySchema } from '~/server/services/catalog.schemas';

export const GET = handle(async ({ url }) => {
  const paging = await readQuery(url, pageQuerySchema);
  return ok(await listShops(await getDb(), paging));
});

export const ALL = allowOnly('GET');
