/** GET /api/v1/ops/content/help/detail?id → OpsHelpPageView, drafts included (permission `content`); 404 帮助文档不存在. */
import { opsIdQuerySchema } from '~/features/content/contract/content';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { getHelpPageForOps } from '~/features/content/server/ops-content-help';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'content');
  const { id } = await readQuery(ctx.url, opsIdQuerySchema);
  return ok(await getHelpPageForOps(ctx.db, id));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
