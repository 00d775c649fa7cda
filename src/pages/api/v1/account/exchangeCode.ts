/**
 * POST /api/v1/account/exchangeCode (Bearer) `{ code }` → ExchangeCodeRedemption: redeems an exchange
 * code for a red envelope or gold coins (spec §7 account "exchange code"). The code is read in
 * any case, with or without its dashes. 400 兑换码无效, 409 兑换码已过期 / 兑换码已被使用 / 您已兑换过该兑换码
 * / 兑换码已失效 / 您已达到本活动的兑换次数上限 / 红包已被领完, 429 兑换尝试过于频繁，请稍后再试 (attempts
 * per user and per address, counted in the database).
 */
import { exchangeCodeBodySchema } from '~/features/wallet/contract/exchange-code';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { redeemExchangeCode } from '~/features/wallet/server/exchange-code-redemption';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, exchangeCodeBodySchema);
  return ok(await redeemExchangeCode(ctx.db, userId, body.code, clientIp(ctx.astro), now));
});

export const ALL = allowOnly('POST');
