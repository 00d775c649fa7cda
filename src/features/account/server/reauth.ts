/**
 * The re-authentication window ("sudo mode"; docs/decisions.md "Re-authentication window").
 *
 * A change that takes an account (password, phone, email, pay password, payout account) needs a
 * proof of the user's identity made on THIS session within REAUTH_WINDOW_S: the login password or
 * a code sent to the phone already bound (POST account/verifyIdentity stamps
 * auth_tokens.identity_verified_at). The stamp lives on the token, so a stolen token on another
 * device gains nothing from the owner's proof. Without it the change answers 403 code
 * CODE_REAUTH_REQUIRED, on which the islands open the 验证身份 dialog.
 *
 * Each change then signs the user's other sessions out and tells the user on the old channels:
 * always in the site, and by SMS to the old phone and mail to the old address where there was one.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { CODE_REAUTH_REQUIRED } from '~/platform/config/constants';
import type { DbOrTx } from '~/platform/db/client';
import { authTokens, users } from '~/platform/db/schema';
import { AppError } from '~/platform/http/errors';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { notifyAccountSecurity } from '~/features/notifications/server';
import { sendNoticeMessage } from '~/features/sign-in/server';
import { REAUTH_WINDOW_S } from '~/features/account/constants';
import { SECURITY_CHANGE_TEXT, identityWindowOpen, securityNoticeText, type SecurityChange } from '~/features/account/rules/reauth';

export const MSG_REAUTH_REQUIRED = '为了账号安全，请先验证身份';

/** 403 code CODE_REAUTH_REQUIRED: the one answer every guarded change gives without the window. */
export const reauthRequired = (): AppError => new AppError(CODE_REAUTH_REQUIRED, MSG_REAUTH_REQUIRED, 403);

/**
 * Whether this session proved the user's identity within the window. A user with neither a
 * password nor a phone (a WeChat or QQ sign-up) has nothing to prove it with here: for them a
 * sign-in within the window counts, as GitHub's sudo mode starts at sign-in.
 */
export async function hasRecentIdentity(db: DbOrTx, userId: number, tokenId: number, now: Date): Promise<boolean> {
  const [token] = await db
    .select({ provedAt: authTokens.identityVerifiedAt, createdAt: authTokens.createdAt })
    .from(authTokens)
    .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .limit(1);
  if (!token) return false;
  if (identityWindowOpen(token.provedAt, now)) return true;
  const [user] = await db.select({ passwordHash: users.passwordHash, mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user && user.passwordHash === null && user.mobile === null && identityWindowOpen(token.createdAt, now));
}

/** 403 CODE_REAUTH_REQUIRED unless this session is within its window. Call before any code is consumed. */
export async function requireRecentIdentity(db: DbOrTx, userId: number, tokenId: number, now: Date): Promise<void> {
  if (!(await hasRecentIdentity(db, userId, tokenId, now))) throw reauthRequired();
}

/** Stamps this session's proof; answers when its window closes (ISO 8601). */
export async function openIdentityWindow(db: DbOrTx, userId: number, tokenId: number, now: Date): Promise<{ verified_until: string }> {
  await db
    .update(authTokens)
    .set({ identityVerifiedAt: now })
    .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId)));
  return { verified_until: new Date(now.getTime() + REAUTH_WINDOW_S * 1000).toISOString() };
}

/** Revokes every live session token of `userId` but `keepTokenId`; the number revoked. */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keepTokenId: number, now: Date): Promise<number> {
  const result = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepTokenId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return result.length;
}

/** The phone and address the user had before a change: where the out-of-site notices go. */
export interface OldContacts {
  mobile: string | null;
  email: string | null;
}

/** The user's phone and address now, read before a change. */
export async function oldContactsOf(db: DbOrTx, userId: number): Promise<OldContacts> {
  const [row] = await db.select({ mobile: users.mobile, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { mobile: row?.mobile ?? null, email: row?.email ?? null };
}

/**
 * Inside the change's transaction: the other sessions signed out and the in-site notice written,
 * so a rolled-back change leaves both untouched. Answers how many sessions were revoked.
 */
export async function recordSecurityChange(tx: DbOrTx, userId: number, keepTokenId: number, change: SecurityChange, now: Date): Promise<number> {
  const revoked = await revokeOtherSessions(tx, userId, keepTokenId, now);
  await notifyAccountSecurity(tx, userId, { kind: change, text: securityNoticeText(change, formatShanghaiDateTime(now)) }, now);
  return revoked;
}

/**
 * After the commit (a real provider is network I/O): an SMS to the old phone and a mail to the
 * old address, best effort (sendNoticeMessage logs a refusal and never throws).
 */
export async function sendSecurityNotices(db: DbOrTx, old: OldContacts, change: SecurityChange, now: Date): Promise<void> {
  const time = formatShanghaiDateTime(now);
  const body = `【租号平台】${securityNoticeText(change, time)}`;
  // the SMS template registered at Aliyun holds the same sentence with ${time} and ${change}
  if (old.mobile) await sendNoticeMessage(db, { channel: 'sms', recipient: old.mobile, body, noticeParams: { time, change: SECURITY_CHANGE_TEXT[change] } }, now);
  if (old.email) await sendNoticeMessage(db, { channel: 'email', recipient: old.email, body }, now);
}
