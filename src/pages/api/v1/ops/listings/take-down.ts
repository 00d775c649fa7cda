/**
 * POST /api/v1/ops/listings/take-down `{ id, reason }` → OpsListingHoldAnswer (permission
 * `listings`): the platform takes the listing down; the seller sees the reason and cannot put it
 * back on the shelf. 409 when it is already held or deleted; 404 账号不存在.
 */
import { serveConsole } from '~/features/console/server';
import { takeDownListing } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { POST, ALL } = serveConsole(OPS_SELLER_WIRE.takeDownListing, 'listings', async (ctx, body, { actor, now }) => takeDownListing(ctx.db, actor, body, now));
