/**
 * GET /api/v1/zuhao/besimilar?account_id&page&page_size — 找相似: `{ source, list,
 * total, page, page_size }`, listed accounts of the same game near the given one's price, most
 * shared attributes first. A missing or deleted account answers 404 with code -400 账号已删除.
 */
import { besimilarQuerySchema } from '~/features/catalog/contract/besimilar';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listBesimilar } from '~/features/catalog/server/besimilar';

export const GET = handle(async ({ url, db }) => {
  const { account_id, page, page_size } = await readQuery(url, besimilarQuerySchema);
  return ok(await listBesimilar(db, account_id, { page, page_size }, new Date()));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
