/** GET /api/v1/account/wallets (Bearer) — spec §7 "GET my wallets": `{ walletsInfo }` (docs/money-api.md). */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getWalletInfo } from '~/features/wallet/server/wallet';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok({ walletsInfo: await getWalletInfo(ctx.db, userId, now) });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
