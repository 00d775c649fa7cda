/**
 * POST /api/v1/ops/approvals/reject `{ id, reason }` → OpsApprovalView: a second operator turns the
 * request down; nothing runs. 403 for the maker or without the kind's permission, 409 already decided.
 */
import { OPS_APPROVAL_PERMISSIONS } from '~/features/console/contract/ops-approvals';
import { rejectRequest, serveConsole } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.rejectApproval, OPS_APPROVAL_PERMISSIONS, async (ctx, body, { actor, now }) => rejectRequest(ctx.db, actor, body, now));
