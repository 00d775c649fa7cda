/**
 * POST /api/v1/sandbox/orders/fast-forward { order_no } (Bearer: the renter or the listing's owner)
 * — development and test only (404 in production, like any unknown API): the running rental ends
 * now, its earnings skip the hold, and the real sweeps finish and release it → `{ order_no,
 * status, earnings }`. See services/sandbox-clock.ts.
 */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { sandboxPagesEnabled } from '~/platform/config/config';
import { MSG_API_NOT_FOUND, notFound } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { fastForwardRental } from '~/features/orders/server/sandbox-clock';

const Body = z.object({ order_no: z.string().trim().min(1).max(32) });

export const POST = handle(async (ctx) => {
  if (!sandboxPagesEnabled()) throw notFound(MSG_API_NOT_FOUND);
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { order_no } = await readJson(ctx.request, Body);
  return ok(await fastForwardRental(ctx.db, userId, order_no, now));
});

export const ALL = allowOnly('POST');
