/**
 * GET /api/v1/ops/campaigns/exchange-codes/lookup?code= → ExchangeCodeLookup: a code's batch, uses and
 * who redeemed it (a user's "it does not work"). 400 兑换码无效, 404 没有这个兑换码. Permission `campaigns`.
 */
import { serveConsole } from '~/features/console/server';
import { lookupCode } from '~/features/campaigns/server';
import { OPS_CAMPAIGN_WIRE } from '~/features/campaigns/wire';

export const { GET, HEAD, ALL } = serveConsole(OPS_CAMPAIGN_WIRE.exchangeCodeLookup, 'campaigns', async (ctx, { code }, { now }) => lookupCode(ctx.db, code, now));
