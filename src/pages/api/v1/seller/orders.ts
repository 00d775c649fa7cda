/**
 * GET /api/v1/seller/orders?filter=all|unpaid|running|finished|cancelled&page=&page_size= (Bearer;
 *) → Page<SellerOrder>: the rental orders on the caller's listings, newest first, the
 * renter masked as 租客***, with the seller's earnings and the complaints. 403 code 1101 for a
 * caller without a shop.
 */
import { sellerOrdersQuerySchema } from '~/features/sellers/contract/seller-earnings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, headOf, ok, readQuery } from '~/platform/http/http';
import { listSellerOrders } from '~/features/sellers/server/seller-orders';

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await listSellerOrders(ctx.db, userId, await readQuery(ctx.url, sellerOrdersQuerySchema), now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
