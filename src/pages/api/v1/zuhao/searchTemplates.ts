/**
 * GET /api/v1/zuhao/searchTemplates (Bearer) — `{ list: [{ id, name, path, created_at }] }`, newest
 * first. POST `{ name, path }` — the created template; 400 无效的筛选条件 (not a rental-hall path),
 * 409 模板名称已存在, 400 最多保存20个搜索模板 (docs/user-catalog-api.md "Search templates").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readJson } from '~/platform/http/http';
import { addSearchTemplate, addTemplateBodySchema, listSearchTemplates } from '~/features/catalog/server/search-templates';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  return ok(await listSearchTemplates(ctx.db, userId));
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, addTemplateBodySchema);
  return ok(await addSearchTemplate(ctx.db, userId, input, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET', 'POST');
