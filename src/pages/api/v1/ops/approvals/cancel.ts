/**
 * POST /api/v1/ops/approvals/cancel `{ id }` → OpsApprovalView: the maker withdraws their own
 * pending request. 403 for anybody else's, 409 already decided.
 */
import { OPS_APPROVAL_PERMISSIONS } from '~/features/console/contract/ops-approvals';
import { cancelRequest, serveConsole } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.cancelApproval, OPS_APPROVAL_PERMISSIONS, async (ctx, body, { actor, now }) => cancelRequest(ctx.db, actor, body.id, now));
