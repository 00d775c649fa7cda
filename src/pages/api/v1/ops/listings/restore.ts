/**
 * POST /api/v1/ops/listings/restore `{ id, reason? }` → OpsListingHoldAnswer (permission
 * `listings`): lifts the platform's hold. 409 when the listing is not held; 404 账号不存在.
 */
import { opsListingRestoreBodySchema } from '~/lib/contract/ops-sellers';
import { handle, ok, readJson } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { restoreListing } from '~/server/services/ops/listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'listings', now);
  const body = await readJson(ctx.request, opsListingRestoreBodySchema);
  return ok(await restoreListing(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
