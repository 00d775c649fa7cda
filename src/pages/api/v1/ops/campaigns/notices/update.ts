/**
 * POST /api/v1/ops/campaigns/notices/update `{ id, title, content, starts_at?, ends_at? }` → OpsNoticeView
 * (permission `campaigns`); 404 通知不存在, 400 when the end is not after the start. Audited (notice.update).
 */
import { serveConsole } from '~/features/console/server';
import { updateOpsNotice } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.noticeUpdate, 'campaigns', async (ctx, body, { actor, now }) => updateOpsNotice(ctx.db, actor, body, now));
