/** POST /api/v1/seller/listings/delete { id } (Bearer, seller; issue 13) → SellerListingDeleteAnswer: deleted, or unlisted while orders run or are to come. */
import { listingIdBodySchema } from '~/lib/contract/seller-listings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { deleteSellerListing } from '~/server/services/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { id } = await readJson(ctx.request, listingIdBodySchema);
  return ok(await deleteSellerListing(ctx.db, userId, id, now));
});

export const ALL = allowOnly('POST');
