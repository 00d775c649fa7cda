/**
 * GET /api/v1/ops/complaints?status=&type=&q=&page=&page_size= → Page<OpsComplaintRow> (permission
 * `complaints`): open first, oldest first, then handled ones, newest first. `q` is an order number
 * (prefix) or a renter's or owner's username.
 */
import { opsComplaintsQuerySchema } from '~/features/complaints/contract';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listOpsComplaints } from '~/features/complaints/server/ops';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'complaints');
  const query = await readQuery(ctx.url, opsComplaintsQuerySchema);
  return ok(await listOpsComplaints(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
