/**
 * POST /api/v1/account/exchangeCode (Bearer) `{ code }` → ExchangeCodeRedemption: redeems an exchange
 * code for a red envelope or gold coins (spec §7 account "exchange code"). The code is read in
 * any case, with or without its dashes. 400 兑换码无效, 409 兑换码已过期 / 兑换码已被使用 / 您已兑换过该兑换码
 * / 兑换码已失效 / 您已达到本活动的兑换次数上限 / 红包已被领完, 429 兑换尝试过于频繁，请稍后再试 (attempts
 * per user and per address, counted in the database).
 */
import { signedIn } from '~/features/sign-in/server';
import { redeemExchangeCode } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { clientIp } from '~/platform/http/client-ip';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(WALLET_WIRE.redeemExchangeCode, signedIn, async (ctx, { code }, { userId, now }) => {
  return redeemExchangeCode(ctx.db, userId, code, clientIp(ctx.astro), now);
});
