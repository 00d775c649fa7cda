/**
 * POST /api/v1/account/goldExchange (Bearer) → GoldOverview: coins for one no-threshold red
 * envelope. 409 金币不足 / 今日兑换次数已用完.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok } from '~/platform/http/http';
import { exchangeGold } from '~/features/wallet/server/gold-coins';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await exchangeGold(ctx.db, userId, now));
});

export const ALL = allowOnly('POST');
