/**
 * Sign-in tokens ("Tokens"; spec §3 token info, §6 "valid unexpired token sent as a Bearer
 * header"). A token is 32 random bytes in base64url, handed to the client once; the database keeps
 * only its SHA-256, so a copy of the table signs nobody in.
 *
 * Looking a token up is constant work: hash it, then one lookup on the unique hash index. The
 * lookup key is a hash the caller cannot steer, so the index walk leaks nothing useful about other
 * tokens, and no string comparison of secrets happens in JavaScript.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { TOKEN_LIFETIME_S } from '~/features/sign-in/constants';
import { banInEffect } from '~/features/account/rules/user-ban';
import { affectedRowCount, type Db, type DbOrTx } from '~/platform/db/client';
import { authTokens, users, type TokenPurpose } from '~/platform/db/schema';
import { cancelPendingDeactivation } from '~/features/account/server';

/** How long a token lives, in seconds (7 days). */
export const TOKEN_TTL_S = TOKEN_LIFETIME_S;
/** Random bytes per token: 256 bits, beyond guessing. */
const TOKEN_BYTES = 32;
/** 32 bytes in unpadded base64url are exactly 43 characters of this alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Longest user agent kept (the column is varchar(256)). */
const USER_AGENT_MAX_LENGTH = 256;
/**
 * last_used_at is refreshed at most this often per token, so reading a token is not a write on
 * every request.
 */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Spec §3 token info: the token and its end in seconds since the epoch. */
export interface IssuedToken {
  token: string;
  expires_time: number;
}

export interface IssueTokenOptions {
  userAgent?: string | null;
  now: Date;
  /** Default 'session'. A 'bind' token (spec §6 temp_token) only binds a phone; see resolveBindToken. */
  purpose?: TokenPurpose;
  /** Default TOKEN_TTL_S. */
  ttlS?: number;
}

export type TokenRejection = 'missing' | 'unknown' | 'expired' | 'revoked';

export type TokenLookup = { ok: true; userId: number; tokenId: number } | { ok: false; reason: TokenRejection };

/** Lowercase hex SHA-256 of the token: the only form in which it is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when `token` could have come from issueToken (43 base64url characters). */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

function clipUserAgent(userAgent: string | null | undefined): string | null {
  const trimmed = userAgent?.trim();
  if (!trimmed) return null;
  // Count code points, as varchar(256) does, and never split a surrogate pair.
  return Array.from(trimmed).slice(0, USER_AGENT_MAX_LENGTH).join('');
}

/** A new token for `userId`, valid TOKEN_TTL_S from `now`. The raw token is returned, never stored. */
export async function issueToken(db: DbOrTx, userId: number, options: IssueTokenOptions): Promise<IssuedToken> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + (options.ttlS ?? TOKEN_TTL_S) * 1000);
  await db.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: options.now,
    expiresAt,
    userAgent: clipUserAgent(options.userAgent),
    purpose: options.purpose ?? 'session',
  });
  // Signing in during a deregistration's cooling-off cancels it (and tells the user).
  if ((options.purpose ?? 'session') === 'session') await cancelPendingDeactivation(db, userId, options.now);
  // spec §3: expires_time is in seconds
  return { token, expires_time: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * Who `token` stands for at `now`. A token of the wrong shape is 'unknown' without a query; a
 * revoked token is 'revoked' even when it has also expired.
 */
export async function resolveToken(
  db: Db,
  token: string | null | undefined,
  now: Date,
  purpose: TokenPurpose = 'session',
): Promise<TokenLookup> {
  if (!token) return { ok: false, reason: 'missing' };
  if (!isWellFormedToken(token)) return { ok: false, reason: 'unknown' };
  const [row] = await db
    .select({
      id: authTokens.id,
      userId: authTokens.userId,
      expiresAt: authTokens.expiresAt,
      revokedAt: authTokens.revokedAt,
      lastUsedAt: authTokens.lastUsedAt,
      userStatus: users.status,
      bannedAt: users.bannedAt,
      bannedUntil: users.bannedUntil,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  // A token of the other purpose is as unknown here as a made-up one.
  if (!row) return { ok: false, reason: 'unknown' };
  // A deleted account's tokens stand for no one any more, whichever endpoint reads them; nor do a
  // banned one's (the ban revokes them too, this also covers a token issued in the same instant).
  if (row.revokedAt || row.userStatus === 'deleted' || banInEffect(row, now)) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, row.id));
  }
  return { ok: true, userId: row.userId, tokenId: row.id };
}

/** Revokes `token` (logout). False when it was unknown or already revoked. */
export async function revokeToken(db: DbOrTx, token: string, now: Date): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const result = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt)));
  return affectedRowCount(result) > 0;
}

/** Revokes every not-yet-revoked token of `userId` (password reset, account deletion); the number revoked. */
export async function revokeAllTokens(db: DbOrTx, userId: number, now: Date): Promise<number> {
  const result = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
  return affectedRowCount(result);
}
