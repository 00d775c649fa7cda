/**
 * POST /api/v1/ops/content/help/save (permission `content`) — `{ mode: 'create', slug, type,
 * title, order, body_md, published }` or `{ mode: 'update', id, revision, type, title, order,
 * body_md, published }` → OpsHelpPageView. 400 naming the field (body_md when the renderer refuses
 * it), 409 该页面地址已被使用 / 内容已被他人修改，请刷新后再编辑, 404 帮助文档不存在. Audited.
 */
import { opsHelpSaveBodySchema } from '~/features/content/contract/content';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { saveHelpPage } from '~/features/content/server/ops-content-help';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'content', now);
  const body = await readJson(ctx.request, opsHelpSaveBodySchema);
  return ok(await saveHelpPage(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
