/**
 * POST /api/v1/ops/listings/decide `{ id, decision: 'approve' | 'reject', reason?, seen_updated_at }`
 * → OpsListingDecision (permission `listings`). 409 when the listing is not under review or was
 * saved again after `seen_updated_at`; 404 账号不存在.
 */
import { opsListingDecideBodySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { decideListing } from '~/features/sellers/server/ops-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'listings', now);
  const body = await readJson(ctx.request, opsListingDecideBodySchema);
  return ok(await decideListing(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
