/**
 * GET /api/v1/ops/listings/review?page&page_size&game_id&q → Page of OpsReviewItem (permission
 * `listings`): listings waiting for review, oldest change first, with what changed.
 */
import { serveConsole } from '~/features/console/server';
import { listReviewQueue } from '~/features/sellers/server';
import { OPS_SELLER_WIRE } from '~/features/sellers/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_SELLER_WIRE.reviewQueue, 'listings', async (ctx, query) => listReviewQueue(ctx.db, query));
