/**
 * POST /api/v1/ops/campaigns/notices/deactivate `{ id }` → OpsNoticeView: withdrawn at once (kept for
 * the record). Permission `campaigns`; audited.
 */
import { serveConsole } from '~/features/console/server';
import { setOpsNoticeActive } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.noticeDeactivate, 'campaigns', async (ctx, { id }, { actor, now }) => setOpsNoticeActive(ctx.db, actor, id, false, now));
