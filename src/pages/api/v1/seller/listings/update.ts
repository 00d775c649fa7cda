/** POST /api/v1/seller/listings/update (Bearer, seller) → SellerListingSaved; 404 for another shop's listing, 409 for new login details during a running rental. */
import { listingUpdateSchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { updateSellerListing } from '~/features/sellers/server/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, listingUpdateSchema);
  return ok(await updateSellerListing(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
