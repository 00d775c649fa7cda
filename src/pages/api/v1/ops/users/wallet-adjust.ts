/**
 * POST /api/v1/ops/users/wallet-adjust `{ user_id, direction: 'credit' | 'debit', amount (yuan),
 * reason }` → OpsWalletAdjustResult (permission `wallet.adjust`, finance): one `ops_adjust` ledger
 * row through the wallet service. 409 when a debit would take the balance below zero.
 */
import { serveConsole, adjustWallet } from '~/features/console/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.adjustWallet, 'wallet.adjust', async (ctx, body, { actor, now }) => adjustWallet(ctx.db, actor, body, now));
