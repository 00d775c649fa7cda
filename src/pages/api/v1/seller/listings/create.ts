/** POST /api/v1/seller/listings/create (Bearer, seller) → SellerListingSaved: pending review when review is on, on the shelf at once when it is off. */
import { listingCreateSchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { createSellerListing } from '~/features/sellers/server/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, listingCreateSchema);
  return ok(await createSellerListing(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
