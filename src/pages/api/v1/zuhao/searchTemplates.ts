/**
 * GET /api/v1/zuhao/searchTemplates (Bearer) — `{ list: [{ id, name, path, created_at }] }`, newest
 * first. POST `{ name, path }` — the created template; 400 无效的筛选条件 (not a rental-hall path),
 * 409 模板名称已存在, 400 最多保存20个搜索模板 (docs/user-catalog-api.md "Search templates").
 */
import { signedIn } from '~/features/sign-in/server';
import { addSearchTemplate, listSearchTemplates } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { allowOnly } from '~/platform/http/http';
import { serve } from '~/platform/http/serve';

const list = serve(CATALOG_WIRE.searchTemplates, signedIn, async (ctx, _input, { userId }) => {
  return listSearchTemplates(ctx.db, userId);
});

const add = serve(CATALOG_WIRE.addSearchTemplate, signedIn, async (ctx, input, { userId, now }) => {
  return addSearchTemplate(ctx.db, userId, input, now);
});

// Two routes on one path: each serves its own method, and every other one is refused naming both.
export const { GET, HEAD } = list;
export const { POST } = add;
export const ALL = allowOnly('GET', 'POST');
