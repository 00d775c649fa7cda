/**
 * GET /api/v1/ops/finance/ledger-check → OpsLedgerCheckView (permission `finance`): runs the ledger
 * identity of `npm run ledger:check` now and answers whether it holds, with its figures. Read-only.
 */
import { serveConsole } from '~/features/console/server';
import { runLedgerCheck } from '~/features/wallet/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.ledgerCheck, 'finance', async (ctx, _input, { now }) => runLedgerCheck(ctx.db, now));
