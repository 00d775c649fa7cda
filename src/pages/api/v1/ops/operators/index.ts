/** GET /api/v1/ops/operators → OperatorView[] (permission `operators`: admin). */
import { handle, headOf, ok } from '~/server/http';
import { opsAllowOnly, requireOperator } from '~/server/ops-auth';
import { listOperators } from '~/server/services/ops/operators';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'operators');
  return ok(await listOperators(ctx.db));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
