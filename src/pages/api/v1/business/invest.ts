/**
 * POST /api/v1/business/invest { name, phone, city, budget, message? } → { id } (* /business-invest): stored for operations. 400 with the field's Chinese message; 429 提交过于频繁
 * past the per-IP or per-phone limit. No sign-in needed; a signed-in sender is noted.
 */
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { investBodySchema } from '~/features/tasks/contract';
import { submitInvestment } from '~/features/activities/server/investment-leads';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const body = await readJson(ctx.request, investBodySchema);
  const viewer = await optionalUser(ctx, now);
  return ok(await submitInvestment(ctx.db, body, { ip: clientIp(ctx.astro), userId: viewer?.userId ?? null }, now));
});
export const ALL = allowOnly('POST');
