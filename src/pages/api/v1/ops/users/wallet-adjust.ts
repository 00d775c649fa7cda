/**
 * POST /api/v1/ops/users/wallet-adjust `{ user_id, direction: 'credit' | 'debit', amount (yuan),
 * reason }` → OpsWalletAdjustResult (permission `wallet.adjust`, finance): one `ops_adjust` ledger
 * row through the wallet service. 409 when a debit would take the balance below zero.
 */
import { opsWalletAdjustBodySchema } from '~/features/console/contract/ops-users';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { adjustWallet } from '~/features/console/server/users';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'wallet.adjust', now);
  const body = await readJson(ctx.request, opsWalletAdjustBodySchema);
  return ok(await adjustWallet(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
