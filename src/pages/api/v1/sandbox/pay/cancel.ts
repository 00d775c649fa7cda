/**
 * POST /api/v1/sandbox/pay/cancel { pay_no } — the sandbox gateway's payer gives up: the trade is closed → `{ return_url }`. No user token: the gateway is another site. 404 in production, like any unknown API.
 */
import { sandboxOnly } from '~/features/orders/server';
import { cancelSandboxPayment } from '~/features/wallet/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.sandboxPayCancel, sandboxOnly, async (ctx, { pay_no }) => cancelSandboxPayment(ctx.db, pay_no));
