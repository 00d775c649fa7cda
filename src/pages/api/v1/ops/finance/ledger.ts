/**
 * GET /api/v1/ops/finance/ledger?page&page_size&user&kind&from&to → OpsLedgerPage (permission
 * `finance`): wallet ledger rows, newest first, read-only (the ledger is append-only).
 */
import { serveConsole } from '~/features/console/server';
import { searchLedger } from '~/features/wallet/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.ledger, 'finance', async (ctx, query) => searchLedger(ctx.db, query));
