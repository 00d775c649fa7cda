/**
 * GET /api/v1/ops/withdrawals?page&page_size&state&q&from&to → OpsWithdrawalsPage (permission
 * `withdrawals`): the review queue (state review, the default, oldest first) or withdrawals in any
 * state, searchable by username, phone or withdrawal number and by the day applied.
 */
import { serveConsole } from '~/features/console/server';
import { listWithdrawalsForOps } from '~/features/wallet/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { GET, HEAD, ALL } = serveConsole(CONSOLE_WIRE.withdrawals, 'withdrawals', async (ctx, query) => listWithdrawalsForOps(ctx.db, query));
