/**
 * The one answer every way of signing in gives (docs/sign-in-api.md "Token answer"): a new
 * session token (spec §3 token info), whether the account was made just now (spec §4: a new user
 * sees the red-envelope popup 0.8 s after login) and the profile.
 */
import { eq } from 'drizzle-orm';
import { bannedSignInMessage } from '~/features/console/contract/ops-users';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { banInEffect } from '~/features/account/rules/user-ban';
import type { Db, DbOrTx } from '~/platform/db/client';
import { users } from '~/platform/db/schema';
import { forbidden } from '~/platform/http/errors';
import { issueToken, type IssuedToken } from '~/features/sign-in/server/tokens';
import { getUserInfo, type UserInfo } from '~/features/account/server';
import { recordAgreementAcceptances } from '~/features/content/server';

export interface SignInAnswer {
  token: IssuedToken;
  is_new_user: boolean;
  user: UserInfo;
}

export interface SignInOptions {
  isNewUser?: boolean;
  /**
   * The sign-in came from a form whose agreement box must be ticked (register, password login, SMS
   * login; spec §5): the versions of 《平台服务协议》 and 《隐私政策》 in force now are recorded as
   * accepted by the user, once per version. QR sign-ins show no box and record nothing.
   */
  agreed?: boolean;
  userAgent?: string | null;
  now: Date;
}

/**
 * Refuses a banned account with 403 and the operator's reason. Every way of signing in
 * ends in signInAnswer (and the QR bind token checks here too), so this is the one gate; callers
 * reach it only after the credentials checked out, so a ban is never revealed to a guesser.
 */
export async function assertNotBanned(db: DbOrTx, userId: number, now: Date = new Date()): Promise<void> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt, banReason: users.banReason, bannedUntil: users.bannedUntil })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || !banInEffect(row, now)) return;
  const until = row.bannedUntil ? formatShanghaiDateTime(row.bannedUntil) : undefined;
  throw forbidden(bannedSignInMessage(row.banReason ?? '', until), { cause: new Error(`user ${userId} is banned`) });
}

export async function signInAnswer(db: Db, userId: number, options: SignInOptions): Promise<SignInAnswer> {
  await assertNotBanned(db, userId, options.now);
  if (options.agreed) await recordAgreementAcceptances(db, userId, options.now);
  const token = await issueToken(db, userId, { userAgent: options.userAgent, now: options.now });
  return { token, is_new_user: options.isNewUser ?? false, user: await getUserInfo(db, userId) };
}
