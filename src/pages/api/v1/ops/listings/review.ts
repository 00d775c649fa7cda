/**
 * GET /api/v1/ops/listings/review?page&page_size&game_id&q → Page of OpsReviewItem (permission
 * `listings`): listings waiting for review, oldest change first, with what changed.
 */
import { opsReviewQueueQuerySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listReviewQueue } from '~/features/sellers/server/ops-listings';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'listings');
  const query = await readQuery(ctx.url, opsReviewQueueQuerySchema);
  return ok(await listReviewQueue(ctx.db, query));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
