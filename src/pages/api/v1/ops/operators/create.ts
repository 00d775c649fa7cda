/**
 * POST /api/v1/ops/operators/create `{ username, display_name, role, password }` → OperatorView
 * (permission `operators`). 409 该用户名已被使用.
 */
import { opsOperatorCreateBodySchema } from '~/features/console/contract/ops';
import { handle, ok, readJson } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { createOperatorAsAdmin } from '~/features/console/server/operators';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const actor = await requireOperator(ctx, 'operators', now);
  const body = await readJson(ctx.request, opsOperatorCreateBodySchema);
  return ok(await createOperatorAsAdmin(ctx.db, actor, body, now));
});

export const ALL = opsAllowOnly('POST');
