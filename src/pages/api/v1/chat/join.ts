/**
 * POST /api/v1/chat/join (Bearer and X-Chat-Visitor) → { joined, state }: the browser signed in,
 * and its visitor's conversations join the account, exactly once (a repeat, an unknown token or one
 * joined already answers joined: false). 400 without the visitor header.
 */
import { signedIn } from '~/features/sign-in/server';
import { joinVisitor, visitorTokenOf } from '~/features/chat/server';
import { CHAT_MESSAGES } from '~/features/chat/contract/chat';
import { CHAT_WIRE } from '~/features/chat/wire';
import { badRequest } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CHAT_WIRE.join, signedIn, async (ctx, _input, { userId, now }) => {
  const token = visitorTokenOf(ctx.request);
  if (token === null) throw badRequest(CHAT_MESSAGES.visitorTokenMissing);
  return joinVisitor(ctx.db, userId, token, now);
});
