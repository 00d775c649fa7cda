/**
 * The one answer every way of signing in gives (docs/sign-in-api.md "Token answer"): a new
 * session token (spec §3 token info), whether the account was made just now (spec §4: a new user
 * sees the red-envelope popup 0.8 s after login) and the profile.
 */
import type { Db } from '../db/client';
import { issueToken, type IssuedToken } from './tokens';
import { getUserInfo, type UserInfo } from './users';

export interface SignInAnswer {
  token: IssuedToken;
  is_new_user: boolean;
  user: UserInfo;
}

export interface SignInOptions {
  isNewUser?: boolean;
  userAgent?: string | null;
  now: Date;
}

export async function signInAnswer(db: Db, userId: number, options: SignInOptions): Promise<SignInAnswer> {
  const token = await issueToken(db, userId, { userAgent: options.userAgent, now: options.now });
  return { token, is_new_user: options.isNewUser ?? false, user: await getUserInfo(db, userId) };
}
