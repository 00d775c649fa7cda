/**
 * POST /api/v1/ops/campaigns/notices/activate `{ id }` → OpsNoticeView (permission `campaigns`; audited).
 */
import { serveConsole } from '~/features/console/server';
import { setOpsNoticeActive } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.noticeActivate, 'campaigns', async (ctx, { id }, { actor, now }) => setOpsNoticeActive(ctx.db, actor, id, true, now));
