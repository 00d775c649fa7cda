/**
 * GET /api/v1/ops/complaints/detail?id= → OpsComplaintDetail (permission `complaints`): both
 * statements and evidence, the order, its timeline, the login-details access log, both parties'
 * history and the complaint's audit rows. 404 投诉不存在.
 */
import { opsComplaintDetailQuerySchema } from '~/features/complaints/contract';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { getOpsComplaint } from '~/features/complaints/server/ops';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'complaints', now);
  const { id } = await readQuery(ctx.url, opsComplaintDetailQuerySchema);
  return ok(await getOpsComplaint(ctx.db, id, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
