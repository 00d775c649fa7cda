/**
 * Who is calling (spec §6: a logged-in user sends a valid unexpired token as a Bearer header).
 * Every refusal is the same 401 (未登录或登录状态已过期,请重新登录 with `www-authenticate: Bearer`),
 * whether the token is missing, unknown, expired or revoked, so a caller learns nothing about it.
 */
import { unauthorized } from '~/platform/http/errors';
import type { HandlerContext } from '~/platform/http/http';
import { resolveToken } from '~/features/sign-in/server/tokens';

export interface AuthenticatedUser {
  userId: number;
  tokenId: number;
  /** The raw token as presented, for logout. */
  token: string;
}

const BEARER = /^Bearer[ \t]+(\S+)$/i;

/** The token of `Authorization: Bearer <token>` (scheme in any case, whitespace trimmed); else null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization')?.trim();
  if (!header) return null;
  return BEARER.exec(header)?.[1] ?? null;
}

/** The signed-in caller, or a 401 AppError. `now` is the request's clock (default: the current time). */
export async function requireUser(
  ctx: Pick<HandlerContext, 'request' | 'db'>,
  now: Date = new Date(),
): Promise<AuthenticatedUser> {
  const token = bearerToken(ctx.request);
  const lookup = await resolveToken(ctx.db, token, now);
  if (!lookup.ok) throw unauthorized(undefined, { cause: new Error(`token ${lookup.reason}`) });
  return { userId: lookup.userId, tokenId: lookup.tokenId, token: token! };
}

/**
 * The gate of an endpoint for signed-in users (platform/http/serve.ts): 401 before the input is
 * read; the handler gets the user and the moment the request is served at.
 */
export async function signedIn(ctx: Pick<HandlerContext, 'request' | 'db'>): Promise<AuthenticatedUser & { now: Date }> {
  const now = new Date();
  return { ...(await requireUser(ctx, now)), now };
}

/** The signed-in caller of a public endpoint, or null for a visitor (an invalid token reads as a visitor). */
export async function optionalUser(ctx: Pick<HandlerContext, 'request' | 'db'>, now: Date = new Date()): Promise<AuthenticatedUser | null> {
  const token = bearerToken(ctx.request);
  if (!token) return null;
  const lookup = await resolveToken(ctx.db, token, now);
  return lookup.ok ? { userId: lookup.userId, tokenId: lookup.tokenId, token } : null;
}
