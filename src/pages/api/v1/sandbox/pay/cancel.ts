/**
 * POST /api/v1/sandbox/pay/cancel { pay_no } — the sandbox gateway's payer gives up: the trade is closed → `{ return_url }`. No user token: the gateway is another site. 404 in production, like any unknown API.
 */
import { z } from 'zod';
import { sandboxPagesEnabled } from '~/platform/config/config';
import { MSG_API_NOT_FOUND, notFound } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { cancelSandboxPayment } from '~/features/wallet/server/sandbox-checkout';

const Body = z.object({ pay_no: z.string().trim().min(1).max(40) });

export const POST = handle(async ({ request, db }) => {
  if (!sandboxPagesEnabled()) throw notFound(MSG_API_NOT_FOUND);
  const { pay_no } = await readJson(request, Body);
  return ok(await cancelSandboxPayment(db, pay_no));
});

export const ALL = allowOnly('POST');
