/**
 * POST /api/v1/ops/listings/decide `{ id, decision: 'approve' | 'reject', reason?, seen_updated_at }`
 * → OpsListingDecision (permission `listings`). 409 when the listing is not under review or was
 * saved again after `seen_updated_at`; 404 账号不存在.
 */
import { serveConsole } from '~/features/console/server';
import { decideListing } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { POST, ALL } = serveConsole(OPS_SELLER_WIRE.decideListing, 'listings', async (ctx, body, { actor, now }) => decideListing(ctx.db, actor, body, now));
