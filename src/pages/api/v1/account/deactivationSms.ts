/**
 * POST /api/v1/account/deactivationSms (Bearer, empty body) — the deregistration code to the
 * caller's own phone: `{ resend_after }`; 400 请先绑定手机号，再申请注销 without a phone, 429 when
 * asked too often.
 */
import { requireUser } from '~/server/auth';
import { clientIp } from '~/server/client-ip';
import { allowOnly, handle, ok } from '~/server/http';
import { sendDeactivationCode } from '~/server/services/deactivation';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await sendDeactivationCode(ctx.db, userId, clientIp(ctx.astro), now));
});

export const ALL = allowOnly('POST');
