/**
 * GET /api/v1/ops/complaints?status=&type=&q=&page=&page_size= → Page<OpsComplaintRow> (permission
 * `complaints`): open first, oldest first, then handled ones, newest first. `q` is an order number
 * (prefix) or a renter's or owner's username.
 */
import { opsComplaintsQuerySchema } from '~/lib/contract/ops-complaints';
import { handle, headOf, ok, readQuery } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listOpsComplaints } from '~/server/services/ops/complaints';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'complaints');
  const query = await readQuery(ctx.url, opsComplaintsQuerySchema);
  return ok(await listOpsComplaints(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
