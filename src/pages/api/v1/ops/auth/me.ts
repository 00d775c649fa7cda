/** GET /api/v1/ops/auth/me → OperatorMe: who is signed in and what their role may do. 404 without a session. */
import { handle, headOf, ok } from '~/platform/http/http';
import { opsAllowOnly, requireAnyOperator } from '~/features/console/server/ops-auth';
import { operatorMe } from '~/features/console/server/operators';

export const GET = handle(async (ctx) => ok(operatorMe(await requireAnyOperator(ctx))));
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
