/**
 * GET /api/v1/seller/earnings?page=&page_size=&sort=earnings_desc|earnings_asc|rentals_desc (Bearer;
 *) → SellerEarnings: frozen, released, this month, commission, the wallet balance, the
 * 30-day series and one page of listing statistics. 403 code 1101 for a caller without a shop.
 */
import { sellerEarningsQuerySchema } from '~/features/sellers/contract/seller-earnings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { getSellerEarnings } from '~/features/sellers/server/seller-earnings';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await getSellerEarnings(ctx.db, userId, await readQuery(ctx.url, sellerEarningsQuerySchema), now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
