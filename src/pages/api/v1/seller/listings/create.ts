/** POST /api/v1/seller/listings/create (Bearer, seller; issue 13) → SellerListingSaved: pending review when review is on, on the shelf at once when it is off. */
import { listingCreateSchema } from '~/lib/contract/seller-listings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { createSellerListing } from '~/server/services/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, listingCreateSchema);
  return ok(await createSellerListing(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
