/**
 * POST /api/v1/free/createOrder { account_id } (Bearer, Idempotency-Key) → OrderView of a free
 * rental, already running (spec §7 free "create order"). 403 code 1003 without real-name
 * verification; 400 without an offer running now; 409 once today's free rentals are used;
 * 409 code 1006 该账号此时段已被租用 when the window is taken.
 */
import { signedIn } from '~/features/sign-in/server';
import { createFreeOrder } from '~/features/free/server';
import { FREE_WIRE } from '~/features/free/wire';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { serve } from '~/platform/http/serve';

// The key is read (400 when malformed) after the sign-in check and before the body, as it always was.
const signedInWithKey = async (ctx: Parameters<typeof signedIn>[0]) => ({ ...(await signedIn(ctx)), key: idempotencyKeyOf(ctx.request) });

export const { POST, ALL } = serve(FREE_WIRE.createOrder, signedInWithKey, async (ctx, body, { userId, key, now }) => createFreeOrder(ctx.db, userId, body, key, now));
