/**
 * GET /api/v1/ops/complaints?status=&type=&q=&page=&page_size= → Page<OpsComplaintRow> (permission
 * `complaints`): open first, oldest first, then handled ones, newest first. `q` is an order number
 * (prefix) or a renter's or owner's username.
 */
import { serveConsole } from '~/features/console/server';
import { listOpsComplaints } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';

export const { GET, HEAD, ALL } = serveConsole(COMPLAINT_WIRE.opsList, 'complaints', async (ctx, query) => listOpsComplaints(ctx.db, query));
