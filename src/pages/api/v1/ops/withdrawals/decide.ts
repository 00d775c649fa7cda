/**
 * POST /api/v1/ops/withdrawals/decide `{ withdraw_no, decision: 'pay' | 'refuse', reason? }` →
 * OpsWithdrawalView (permission `withdrawals`). 404 for an unknown number; 409 when it is no longer
 * under review (another operator decided it first, or the user cancelled it).
 */
import { opsWithdrawalDecideBodySchema } from '~/features/console/contract/ops-finance';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { decideWithdrawal } from '~/features/wallet/server/ops-withdrawals';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'withdrawals', now);
  const body = await readJson(ctx.request, opsWithdrawalDecideBodySchema);
  return ok(await decideWithdrawal(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
