/**
 * POST /api/v1/account/deactivationStart (Bearer) — spec §7 account "deactivation start/confirm"
 *: `{ code, forfeit_balance }` → the request's status. 400 验证码错误或已过期, 409 with
 * the first blocker's sentence (and all of them in data.blockers), 409 when one is already pending.
 * Every session of the user ends: the page then shows unactive_result.
 */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { startDeactivation } from '~/features/account/server/deactivation';

const bodySchema = z.object({
  code: z.string().regex(/^\d{6}$/, '请输入6位验证码'),
  forfeit_balance: z.boolean().default(false),
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const input = await readJson(ctx.request, bodySchema);
  return ok(await startDeactivation(ctx.db, userId, input, now));
});

export const ALL = allowOnly('POST');
