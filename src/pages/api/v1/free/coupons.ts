/**
 * GET /api/v1/free/coupons (Bearer) — the caller's usable free-rental coupons (免费租号券, spec §1
 * and §7 free "coupons"): `[{ id, name, hours, received_at, expires_at }]`, soonest to expire first.
 */
import { signedIn } from '~/features/sign-in/server';
import { listFreeCoupons } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(FREE_WIRE.coupons, signedIn, async (ctx, _input, { userId, now }) => listFreeCoupons(ctx.db, userId, now));
