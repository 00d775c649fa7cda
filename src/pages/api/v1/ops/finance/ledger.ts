/**
 * GET /api/v1/ops/finance/ledger?page&page_size&user&kind&from&to → OpsLedgerPage (permission
 * `finance`): wallet ledger rows, newest first, read-only (the ledger is append-only).
 */
import { opsLedgerQuerySchema } from '~/features/console/contract/ops-finance';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { searchLedger } from '~/features/wallet/server/ops-finance';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'finance');
  const query = await readQuery(ctx.url, opsLedgerQuerySchema);
  return ok(await searchLedger(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
