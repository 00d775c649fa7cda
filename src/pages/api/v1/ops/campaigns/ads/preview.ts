/**
 * GET /api/v1/ops/campaigns/ads/preview?day=YYYY-MM-DD (default today, Shanghai) → what a fresh visitor
 * would see on home and on tejia that day, entering at 00:00 and every 6 hours after: the spec §4 rule
 * run with a fixed random source (always the first candidate), so the answer is deterministic; each
 * step also lists what other draws could have shown. Permission `campaigns`.
 */
import { z } from 'zod';
import { shanghaiDaySchema } from '~/features/campaigns/contract/ops-campaigns';
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { previewAdChoice } from '~/features/campaigns/server/ops-campaign-ads';

const previewQuerySchema = z.object({ day: shanghaiDaySchema.optional() });

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, previewQuerySchema);
  return ok(await previewAdChoice(ctx.db, query.day ?? formatShanghaiDate(now)));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
