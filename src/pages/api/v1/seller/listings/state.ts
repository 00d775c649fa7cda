/** POST /api/v1/seller/listings/state { id, state: on_shelf | off_shelf | maintenance } (Bearer, seller) → SellerListingStateAnswer. */
import { listingStateSchema } from '~/features/sellers/contract/seller-listings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { changeSellerListingState } from '~/features/sellers/server/seller-listings';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, listingStateSchema);
  return ok(await changeSellerListingState(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
