/** GET /api/v1/ops/content/help?page&page_size&q&type&status → Page<OpsHelpPageRow> (permission `content`). */
import { opsHelpListQuerySchema } from '~/lib/contract/content';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listHelpPagesForOps } from '~/server/services/ops/content-help';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'content');
  return ok(await listHelpPagesForOps(ctx.db, await readQuery(ctx.url, opsHelpListQuerySchema)));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
