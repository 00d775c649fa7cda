/** GET /api/v1/ops/operators → OperatorView[] (permission `operators`: admin). */
import { handle, headOf, ok } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { listOperators } from '~/features/console/server/operators';

export const GET = handle(async (ctx) => {
  await requireOperator(ctx, 'operators');
  return ok(await listOperators(ctx.db));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
