/**
 * GET /api/v1/ops/approvals?page&page_size&state → Page of OpsApprovalView (any of the permissions
 * `wallet.adjust`, `withdrawals`, `settings.money`): the maker-checker requests of the kinds the
 * operator may decide, pending ones (the default) oldest first.
 */
import { OPS_APPROVAL_PERMISSIONS } from '~/features/console/contract/ops-approvals';
import { approvalKindsFor, listApprovals, serveConsole } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.approvals, OPS_APPROVAL_PERMISSIONS, async (ctx, query, { actor }) =>
  listApprovals(ctx.db, { ...query, kinds: approvalKindsFor(actor) }),
);
