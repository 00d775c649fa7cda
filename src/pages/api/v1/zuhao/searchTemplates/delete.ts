/**
 * POST /api/v1/zuhao/searchTemplates/delete (Bearer) — `{ id }` → `null`; another user's or an
 * unknown id → 404 模板不存在 (docs/user-catalog-api.md "Search templates").
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { removeSearchTemplate, templateIdBodySchema } from '~/features/catalog/server/search-templates';

export const POST = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const { id } = await readJson(ctx.request, templateIdBodySchema);
  await removeSearchTemplate(ctx.db, userId, id);
  return ok(null);
});

export const ALL = allowOnly('POST');
