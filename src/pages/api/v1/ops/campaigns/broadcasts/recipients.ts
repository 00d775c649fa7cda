/**
 * GET /api/v1/ops/campaigns/broadcasts/recipients?segment=all|vip|sellers → `{ segment, segment_label,
 * recipients }`: how many users a broadcast would reach now (the confirm shows it before sending).
 */
import { broadcastRecipientsQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { broadcastRecipients } from '~/features/campaigns/server/ops-campaign-broadcasts';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, broadcastRecipientsQuerySchema);
  return ok(await broadcastRecipients(ctx.db, query.segment, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
