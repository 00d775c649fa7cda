/** GET /api/v1/ops/content/help/detail?id → OpsHelpPageView, drafts included (permission `content`); 404 帮助文档不存在. */
import { opsIdQuerySchema } from '~/lib/contract/content';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { getHelpPageForOps } from '~/server/services/ops/content-help';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'content');
  const { id } = await readQuery(ctx.url, opsIdQuerySchema);
  return ok(await getHelpPageForOps(ctx.db, id));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
