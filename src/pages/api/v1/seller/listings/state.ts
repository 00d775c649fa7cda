/** POST /api/v1/seller/listings/state { id, state: on_shelf | off_shelf | maintenance } (Bearer, seller; issue 13) → SellerListingStateAnswer. */
import { listingStateSchema } from '~/lib/contract/seller-listings';
import { requireUser } from '~/server/auth';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { changeSellerListingState } from '~/server/services/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, listingStateSchema);
  return ok(await changeSellerListingState(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
