/**
 * POST /api/v1/zuhao/searchTemplates/delete (Bearer) — `{ id }` → `null`; another user's or an
 * unknown id → 404 模板不存在 (docs/user-catalog-api.md "Search templates").
 */
import { signedIn } from '~/features/sign-in/server';
import { removeSearchTemplate } from '~/features/catalog/server';
import { CATALOG_WIRE } from '~/features/catalog/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CATALOG_WIRE.deleteSearchTemplate, signedIn, async (ctx, { id }, { userId }) => {
  await removeSearchTemplate(ctx.db, userId, id);
  return null;
});
