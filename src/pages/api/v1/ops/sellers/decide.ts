/**
 * POST /api/v1/ops/sellers/decide `{ user_id, decision: 'approve' | 'reject', reason?, seen_submitted_at }`
 * → OpsApplicationView (permission `sellers`). 409 when the application is not under review or was
 * submitted again after `seen_submitted_at`; 404 when there is none.
 */
import { opsApplicationDecideBodySchema } from '~/features/sellers/contract/ops-sellers';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { decideApplication } from '~/features/sellers/server/ops-sellers';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'sellers', now);
  const body = await readJson(ctx.request, opsApplicationDecideBodySchema);
  return ok(await decideApplication(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
