/**
 * GET /api/v1/ops/campaigns/notices?status=&page=&page_size= → Page of OpsNoticeView, newest first
 * (permission `campaigns`). status all | active | upcoming | ended | inactive.
 */
import { serveConsole } from '~/features/console/server';
import { listOpsNotices } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.noticeList, 'campaigns', async (ctx, query, { now }) => listOpsNotices(ctx.db, query, now));
