/**
 * POST /api/v1/chat/visitor (no sign-in) → { token }: a new visitor of the customer-service chat.
 * The browser keeps the token and sends it as X-Chat-Visitor (docs/decisions.md "Visitors reach
 * customer service"); 429 past the per-address limit of new visitors.
 */
import { mintVisitor } from '~/features/chat/server';
import { CHAT_WIRE } from '~/features/chat/wire';
import { clientIp } from '~/platform/http/client-ip';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(CHAT_WIRE.visitor, async (ctx) => mintVisitor(ctx.db, clientIp(ctx.astro), new Date()));
