/**
 * POST /api/v1/ops/campaigns/notices/create `{ title, content, starts_at?, ends_at? }` (ISO 8601;
 * default from now, until withdrawn) → OpsNoticeView (permission `campaigns`). Audited (notice.create).
 */
import { serveConsole } from '~/features/console/server';
import { createOpsNotice } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { POST, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.noticeCreate, 'campaigns', async (ctx, body, { actor, now }) => createOpsNotice(ctx.db, actor, body, now));
