/** GET /api/v1/zuhao/similar?account_id&limit — similar accounts (spec §7 zuhao "similar accounts"). */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { DEFAULT_SIMILAR_LIMIT, listSimilarListings } from '~/features/catalog/server/catalog';
import { similarQuerySchema } from '~/features/catalog/server/catalog.schemas';

export const GET = handle(async ({ url, db }) => {
  const { account_id, limit } = await readQuery(url, similarQuerySchema);
  return ok(await listSimilarListings(db, account_id, limit ?? DEFAULT_SIMILAR_LIMIT, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
