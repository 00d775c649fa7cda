/**
 * GET /api/v1/zuhao/besimilar?account_id&page&page_size — 找相似: `{ source, list,
 * total, page, page_size }`, listed accounts of the same game near the given one's price, most
 * shared attributes first. A missing or deleted account answers 404 with code -400 账号已删除.
 */
import { listBesimilar } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CATALOG_WIRE.besimilar, async ({ db }, { account_id, page, page_size }) =>
  listBesimilar(db, account_id, { page, page_size }, new Date()),
);
