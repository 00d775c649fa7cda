/** GET /api/v1/account/wallets (Bearer) — spec §7 "GET my wallets": `{ walletsInfo }` (docs/money-api.md). */
import { requireUser } from '~/server/auth';
import { allowOnly, headOf, handle, ok } from '~/server/http';
import { getWalletInfo } from '~/server/services/wallet';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok({ walletsInfo: await getWalletInfo(ctx.db, userId, now) });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
