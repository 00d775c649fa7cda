/**
 * GET /api/v1/chat/orders (Bearer) → ChatOrderChoice[]: the orders the user may attach as
 * a card (their own, and rentals of the shop they own), newest first.
 */
import { signedIn } from '~/features/sign-in/server';
import { chatOrderChoices } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(CHAT_WIRE.orders, signedIn, async (ctx, _input, { userId, now }) => chatOrderChoices(ctx.db, userId, now));
