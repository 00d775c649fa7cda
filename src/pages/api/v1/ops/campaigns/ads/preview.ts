/**
 * GET /api/v1/ops/campaigns/ads/preview?day=YYYY-MM-DD (default today, Shanghai) → what a fresh visitor
 * would see on home and on tejia that day, entering at 00:00 and every 6 hours after: the spec §4 rule
 * run with a fixed random source (always the first candidate), so the answer is deterministic; each
 * step also lists what other draws could have shown. Permission `campaigns`.
 */
import { formatShanghaiDate } from '~/platform/rules/shanghai-time';
import { serveConsole } from '~/features/console/server';
import { previewAdChoiceView } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.adPreview, 'campaigns', async (ctx, query, { now }) => previewAdChoiceView(ctx.db, query.day ?? formatShanghaiDate(now)));
