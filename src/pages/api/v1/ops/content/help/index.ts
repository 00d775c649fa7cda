/** GET /api/v1/ops/content/help?page&page_size&q&type&status → Page<OpsHelpPageRow> (permission `content`). */
import { opsHelpListQuerySchema } from '~/features/content/contract/content';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listHelpPagesForOps } from '~/features/content/server/ops-content-help';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'content');
  return ok(await listHelpPagesForOps(ctx.db, await readQuery(ctx.url, opsHelpListQuerySchema)));
});

export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
