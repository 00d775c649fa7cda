/**
 * POST /api/v1/business/invest { name, phone, city, budget, message? } → { id } (* /business-invest): stored for operations. 400 with the field's Chinese message; 429 提交过于频繁
 * past the per-IP or per-phone limit. No sign-in needed; a signed-in sender is noted.
 */
import { submitInvestment } from '~/features/activities/server';
import { ACTIVITY_WIRE } from '~/features/activities/wire';
import { optionalUser } from '~/features/sign-in/server';
import { clientIp } from '~/platform/http/client-ip';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACTIVITY_WIRE.invest, async (ctx, body) => {
  const now = new Date();
  const viewer = await optionalUser(ctx, now);
  return submitInvestment(ctx.db, body, { ip: clientIp(ctx.astro), userId: viewer?.userId ?? null }, now);
});
