/**
 * GET /api/v1/order/complaints?page=&page_size= (Bearer) → Page<Complaint> of the caller, newest
 * first; page ≥ 1 (default 1), page_size 1-50 (default 10).
 */
import { signedIn } from '~/features/sign-in/server';
import { listComplaints } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(COMPLAINT_WIRE.mine, signedIn, async (ctx, query, { userId }) => listComplaints(ctx.db, userId, query));
