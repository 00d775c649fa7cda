/**
 * POST /api/v1/ops/content/help/save (permission `content`) — `{ mode: 'create', slug, type,
 * title, order, body_md, published }` or `{ mode: 'update', id, revision, type, title, order,
 * body_md, published }` → OpsHelpPageView. 400 naming the field (body_md when the renderer refuses
 * it), 409 该页面地址已被使用 / 内容已被他人修改，请刷新后再编辑, 404 帮助文档不存在. Audited.
 */
import { serveConsole } from '~/features/console/server';
import { saveHelpPage } from '~/features/content/server';
import { CONTENT_WIRE } from '~/features/content/wire';

export const { POST, ALL } = serveConsole(CONTENT_WIRE.opsHelpSave, 'content', async (ctx, body, { actor, now }) => saveHelpPage(ctx.db, actor, body, now));
