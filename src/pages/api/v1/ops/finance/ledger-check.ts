/**
 * GET /api/v1/ops/finance/ledger-check → OpsLedgerCheckView (permission `finance`): runs the ledger
 * identity of `npm run ledger:check` now and answers whether it holds, with its figures. Read-only.
 */
import { handle, headOf, ok } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { runLedgerCheck } from '~/features/wallet/server/ops-finance';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'finance', now);
  return ok(await runLedgerCheck(ctx.db, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
