/**
 * Users: the signed-in user's profile as the client sees it (spec §7 "GET user info": data holds
 * profile), and the one place an account is made (createUser). The row is reshaped here and only
 * here (STYLE 8): the password hash and the ID number hash are never read out, and mobile, email
 * and real name leave the server masked. Phone sign-in is in phone-sign-in.ts, real-name
 * verification in real-name.ts.
 */
import { randomInt } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '~/platform/db/client';
import { users } from '~/platform/db/schema';
import { unauthorized } from '~/platform/http/errors';
import { grantNewUserRedPackets } from '~/features/wallet/server';
import type { AccountProfile } from '~/features/account/contract/account-settings';

/** Spec §3 user info (its schema, with each field's meaning, is account/wire.ts userInfoSchema). */
export type UserInfo = AccountProfile;

/** 13800000001 → 138****0001; anything too short to keep 7 digits visible is fully masked. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length < 11) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

/** 张三丰 → 张*丰, 李四 → 李*, 王 → *: the first and (from three characters on) the last stay. */
export function maskRealName(name: string | null): string | null {
  if (!name) return null;
  const chars = Array.from(name);
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/** alice@example.com → a***@example.com: the first character of the local part and the domain stay. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${Array.from(email.slice(0, at))[0]}***${email.slice(at)}`;
}

/**
 * The profile of `userId`. A user that is gone or deleted answers 401: the token that named them
 * no longer stands for anyone.
 */
export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      nickname: users.nickname,
      avatar: users.avatar,
      mobile: users.mobile,
      isRealName: users.isRealName,
      // Only whether a hash exists; the hash itself never leaves the database.
      hasPassword: sql<boolean>`(${users.passwordHash} is not null)`.mapWith(Boolean),
      hasPayPassword: sql<boolean>`(${users.payPasswordHash} is not null)`.mapWith(Boolean),
      realName: users.realName,
      email: users.email,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.status === 'deleted') throw unauthorized(undefined, { cause: new Error(`user ${userId} is gone or deleted`) });
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    mobile: maskMobile(row.mobile),
    is_real_name: row.isRealName,
    has_password: row.hasPassword,
    real_name: maskRealName(row.realName),
    email: maskEmail(row.email),
    has_email: row.email !== null,
    has_pay_password: row.hasPayPassword,
    created_at: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// account changes of sign-in (docs/sign-in-api.md "Sign-in calls")


const INVITE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const INVITE_CODE_LENGTH = 8;
/** Inserts tried before giving up on a free username and invite code (a clash is already rare). */
export const CREATE_ATTEMPTS = 5;

/** 8 random uppercase letters and digits (36^8 ≈ 2.8e12 codes). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

export interface NewUser {
  username: string;
  nickname: string;
  mobile?: string | null;
  /** scrypt string (services/password.ts); absent for SMS and third-party accounts. */
  passwordHash?: string | null;
  /** The active user whose invite code was given at register. */
  invitedByUserId?: number | null;
}

/**
 * The one place an account is made (register, SMS login of a new phone, a first-time QR identity):
 * inserts the user with a fresh invite code and gives them the welcome red envelopes (spec §4
 * new-user popup), both in `tx`, so an account never exists without them. Pass a transaction.
 *
 * Answers the new id, or null when `username` or `mobile` already belongs to an account (the
 * caller decides: 409, another username, or the existing account). The insert skips on a unique
 * clash instead of failing, which would abort the caller's PostgreSQL transaction; a skip that is
 * neither the name nor the phone was the invite code, and is retried with a new one.
 */
export async function createUser(tx: DbOrTx, input: NewUser, now: Date): Promise<number | null> {
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
    const [created] = await tx
      .insert(users)
      .values({
        username: input.username,
        nickname: input.nickname,
        mobile: input.mobile ?? null,
        passwordHash: input.passwordHash ?? null,
        inviteCode: newInviteCode(),
        invitedByUserId: input.invitedByUserId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) {
      await grantNewUserRedPackets(tx, created.id, now);
      return created.id;
    }
    const byName = eq(users.username, input.username);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(input.mobile ? or(byName, eq(users.mobile, input.mobile)) : byName)
      .limit(1);
    if (taken) return null;
  }
  throw new Error(`no free invite code for a new account after ${CREATE_ATTEMPTS} attempts`);
}

