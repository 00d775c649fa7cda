/**
 * POST /api/v1/ops/operators/update `{ id, role?, display_name?, disabled? }` → OperatorView
 * (permission `operators`). 409 when it would change the caller's own access or leave no enabled
 * admin; 404 运营人员不存在.
 */
import { opsOperatorUpdateBodySchema } from '~/features/console/contract/ops';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { updateOperator } from '~/features/console/server/operators';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'operators', now);
  const body = await readJson(ctx.request, opsOperatorUpdateBodySchema);
  return ok(await updateOperator(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
