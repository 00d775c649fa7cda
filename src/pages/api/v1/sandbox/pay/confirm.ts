/**
 * POST /api/v1/sandbox/pay/confirm { pay_no } — the sandbox gateway's payer confirms: the trade is paid and the signed notify is posted at once (then retried until \`success\`) → `{ return_url }`. No user token: the gateway is another site. 404 in production, like any unknown API.
 */
import { sandboxOnly } from '~/features/orders/server';
import { confirmSandboxPayment } from '~/features/wallet/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ORDER_WIRE.sandboxPayConfirm, sandboxOnly, async (ctx, { pay_no }, { now }) => confirmSandboxPayment(ctx.db, pay_no, now));
