/**
 * GET /api/v1/ops/sellers/applications?page&page_size&state&cert_type&q → OpsApplicationsPage
 * (permission `sellers`): store and merchant applications, those under review first, oldest first.
 */
import { opsApplicationsQuerySchema } from '~/lib/contract/ops-sellers';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listApplications } from '~/server/services/ops/sellers';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'sellers');
  const query = await readQuery(ctx.url, opsApplicationsQuerySchema);
  return ok(await listApplications(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
