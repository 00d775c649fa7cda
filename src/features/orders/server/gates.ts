/**
 * The gates of the orders' endpoints (platform/http/serve.ts): what each checked before reading
 * its body, so a request that fails two checks is still answered by the first one.
 */
import { signedIn, type AuthenticatedUser } from '~/features/sign-in/server';
import { sandboxPagesEnabled } from '~/platform/config/config';
import { idempotencyKeyOf } from '~/platform/db/idempotency';
import { MSG_API_NOT_FOUND, notFound } from '~/platform/http/errors';
import type { HandlerContext } from '~/platform/http/http';

type Gated = AuthenticatedUser & { now: Date };

/**
 * A signed-in user's call that creates or pays something: 401 first, then 400 for a malformed
 * Idempotency-Key header (null when there is none), both before the body is read.
 */
export async function signedInWithKey(ctx: HandlerContext): Promise<Gated & { key: string | null }> {
  const user = await signedIn(ctx);
  return { ...user, key: idempotencyKeyOf(ctx.request) };
}

/** The sandbox's calls answer 404 in production, like any unknown API, before anything else. */
export async function sandboxOnly(_ctx: HandlerContext): Promise<{ now: Date }> {
  if (!sandboxPagesEnabled()) throw notFound(MSG_API_NOT_FOUND);
  return { now: new Date() };
}

/** A sandbox call of a signed-in user: 404 in production, then 401. */
export async function sandboxSignedIn(ctx: HandlerContext): Promise<Gated> {
  await sandboxOnly(ctx);
  return signedIn(ctx);
}
