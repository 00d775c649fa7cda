/**
 * GET /api/v1/ops/campaigns/exchange-codes/lookup?code= → ExchangeCodeLookup: a code's batch, uses and
 * who redeemed it (a user's "it does not work"). 400 兑换码无效, 404 没有这个兑换码. Permission `campaigns`.
 */
import { exchangeCodeLookupQuerySchema } from '~/features/campaigns/contract/ops-campaigns';
import { handle, headOf, ok, readQuery } from '~/platform/http/http';
import { opsAllowOnly, requireOperator } from '~/features/console/server/ops-auth';
import { lookupCode } from '~/features/campaigns/server/ops-exchange-codes';

export const GET = handle(async (ctx) => {
  const now = new Date();
  await requireOperator(ctx, 'campaigns', now);
  const query = await readQuery(ctx.url, exchangeCodeLookupQuerySchema);
  return ok(await lookupCode(ctx.db, query.code, now));
});
export const HEAD = headOf(GET);
export const ALL = opsAllowOnly('GET');
