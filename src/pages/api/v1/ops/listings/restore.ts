/**
 * POST /api/v1/ops/listings/restore `{ id, reason? }` → OpsListingHoldAnswer (permission
 * `listings`): lifts the platform's hold. 409 when the listing is not held; 404 账号不存在.
 */
import { serveConsole } from '~/features/console/server';
import { restoreListing } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { POST, ALL } = serveConsole(OPS_SELLER_WIRE.restoreListing, 'listings', async (ctx, body, { actor, now }) => restoreListing(ctx.db, actor, body, now));
