/**
 * POST /api/v1/ops/approvals/approve `{ id }` → OpsApprovalView: a second operator holding the
 * request kind's permission approves it and the action runs in the same transaction, once. 403 for
 * the maker (不能审批自己提交的申请) or without the permission, 404 unknown, 409 already decided or
 * the action refused (the request then closes as failed).
 */
import { OPS_APPROVAL_PERMISSIONS } from '~/features/console/contract/ops-approvals';
import { approveRequest, serveConsole } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.approveApproval, OPS_APPROVAL_PERMISSIONS, async (ctx, body, { actor, now }) => approveRequest(ctx.db, actor, body.id, now));
