/**
 * Who calls the renter's side of the chat: a signed-in user (Bearer), or a visitor (the token of
 * VISITOR_TOKEN_HEADER, server/visitors.ts). A Bearer wins; a Bearer that is not valid is a 401 as
 * anywhere else (never read as a visitor). Neither, or a visitor token that is unknown or already
 * joined an account: 401, and the browser mints a new visitor.
 */
import { VISITOR_TOKEN_HEADER } from '~/features/chat/routes';
import { CHAT_MESSAGES } from '~/features/chat/contract/chat';
import { bearerToken, requireUser } from '~/features/sign-in/server';
import { clientIp } from '~/platform/http/client-ip';
import { unauthorized } from '~/platform/http/errors';
import type { HandlerContext } from '~/platform/http/http';
import { visitorByToken } from '~/features/chat/server/visitors';
import type { ChatOwner } from '~/features/chat/server/views';

export interface ChatCaller {
  owner: ChatOwner;
  /** The caller's address (per-address limits of visitors). */
  ip: string;
  now: Date;
}

export function visitorTokenOf(request: Request): string | null {
  return request.headers.get(VISITOR_TOKEN_HEADER)?.trim() || null;
}

/** The gate of the renter's chat endpoints that visitors may call too (platform/http/serve.ts). */
export async function chatCaller(ctx: Pick<HandlerContext, 'request' | 'db' | 'astro'>): Promise<ChatCaller> {
  const now = new Date();
  const ip = clientIp(ctx.astro);
  if (bearerToken(ctx.request) !== null) return { owner: { kind: 'user', id: (await requireUser(ctx, now)).userId }, ip, now };
  const token = visitorTokenOf(ctx.request);
  if (token === null) throw unauthorized();
  const visitorId = await visitorByToken(ctx.db, token);
  if (visitorId === null) throw unauthorized(CHAT_MESSAGES.visitorUnknown);
  return { owner: { kind: 'visitor', id: visitorId }, ip, now };
}
