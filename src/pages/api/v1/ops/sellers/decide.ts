/**
 * POST /api/v1/ops/sellers/decide `{ user_id, decision: 'approve' | 'reject', reason?, seen_submitted_at }`
 * → OpsApplicationView (permission `sellers`). 409 when the application is not under review or was
 * submitted again after `seen_submitted_at`; 404 when there is none.
 */
import { serveConsole } from '~/features/console/server';
import { decideApplication } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { POST, ALL } = serveConsole(OPS_SELLER_WIRE.decideApplication, 'sellers', async (ctx, body, { actor, now }) => decideApplication(ctx.db, actor, body, now));
