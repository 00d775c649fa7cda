/**
 * POST /api/v1/ops/withdrawals/decide `{ withdraw_no, decision: 'pay' | 'refuse', reason? }` →
 * OpsWithdrawalView (permission `withdrawals`). 404 for an unknown number; 409 when it is no longer
 * under review (another operator decided it first, or the user cancelled it).
 */
import { serveConsole } from '~/features/console/server';
import { decideWithdrawal } from '~/features/wallet/server';
import { CONSOLE_WIRE } from '~/features/console/wire';

export const { POST, ALL } = serveConsole(CONSOLE_WIRE.decideWithdrawal, 'withdrawals', async (ctx, body, { actor, now }) => decideWithdrawal(ctx.db, actor, body, now));
