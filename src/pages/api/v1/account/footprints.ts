/**
 * GET /api/v1/account/footprints?page=&page_size= (Bearer) — 我的足迹 (spec §7 account
 * "footprints"): `{ list: [{ id, viewed_day, viewed_at, listing }], total, page, page_size }`,
 * newest view first, one row per account per Shanghai day, the last 90 days.
 */
import { signedIn } from '~/features/sign-in/server';
import { listFootprints } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACCOUNT_WIRE.footprints, signedIn, async (ctx, paging, { userId, now }) => {
  return listFootprints(ctx.db, userId, paging, now);
});
