/**
 * POST /api/v1/ops/listings/restore `{ id, reason? }` → OpsListingHoldAnswer (permission
 * `listings`): lifts the platform's hold. 409 when the listing is not held; 404 账号不存在.
 */
import { opsListingRestoreBodySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { restoreListing } from '~/features/sellers/server/ops-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'listings', now);
  const body = await readJson(ctx.request, opsListingRestoreBodySchema);
  return ok(await restoreListing(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
