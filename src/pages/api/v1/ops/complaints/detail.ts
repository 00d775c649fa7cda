/**
 * GET /api/v1/ops/complaints/detail?id= → OpsComplaintDetail (permission `complaints`): both
 * statements and evidence, the order, its timeline, the login-details access log, both parties'
 * history and the complaint's audit rows. 404 投诉不存在.
 */
import { serveConsole } from '~/features/console/server';
import { getOpsComplaint } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';

export const { GET, HEAD, ALL } = serveConsole(COMPLAINT_WIRE.opsDetail, 'complaints', async (ctx, { id }, { now }) => getOpsComplaint(ctx.db, id, now));
