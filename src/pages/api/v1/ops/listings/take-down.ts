/**
 * POST /api/v1/ops/listings/take-down `{ id, reason }` → OpsListingHoldAnswer (permission
 * `listings`): the platform takes the listing down; the seller sees the reason and cannot put it
 * back on the shelf. 409 when it is already held or deleted; 404 账号不存在.
 */
import { opsListingTakeDownBodySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { takeDownListing } from '~/features/sellers/server/ops-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'listings', now);
  const body = await readJson(ctx.request, opsListingTakeDownBodySchema);
  return ok(await takeDownListing(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
