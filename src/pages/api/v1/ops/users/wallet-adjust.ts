/**
 * POST /api/v1/ops/users/wallet-adjust `{ user_id, direction: 'credit' | 'debit', amount (yuan),
 * reason }` → OpsWalletAdjustResult (permission `wallet.adjust`, finance): one `ops_adjust` ledger
 * row through the wallet service. 409 when a debit would take the balance below zero.
 */
import { serveConsole } from '~/features/console/server/ops-auth';
import { adjustWallet } from '~/features/console/server/users';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.adjustWallet, 'wallet.adjust', async (ctx, body, { actor, now }) => adjustWallet(ctx.db, actor, body, now));
