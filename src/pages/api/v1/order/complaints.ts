/**
 * GET /api/v1/order/complaints?page=&page_size= (Bearer) → Page<Complaint> of the caller, newest
 * first; page ≥ 1 (default 1), page_size 1-50 (default 10).
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { complaintsQuerySchema, listComplaints } from '~/features/complaints/server/complaints';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx);
  const query = await readQuery(ctx.url, complaintsQuerySchema);
  return ok(await listComplaints(ctx.db, userId, query));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
