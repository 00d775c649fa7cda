/**
 * GET /api/v1/ops/sellers/applications?page&page_size&state&cert_type&q → OpsApplicationsPage
 * (permission `sellers`): store and merchant applications, those under review first, oldest first.
 */
import { opsApplicationsQuerySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listApplications } from '~/features/sellers/server/ops-sellers';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'sellers');
  const query = await readQuery(ctx.url, opsApplicationsQuerySchema);
  return ok(await listApplications(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
