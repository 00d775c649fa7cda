/**
 * Users: the signed-in user's profile as the client sees it (spec §7 "GET user info": data holds
 * profile), and the account changes of sign-in (SMS login creating an account, binding a phone,
 * real-name verification). The row is reshaped here and only here (STYLE 8): the password hash and
 * the ID number hash are never read out, and mobile, email and real name leave the server masked.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { thirdPartyIdentities, users } from '../db/schema';
import { AppError, badRequest, conflict, unauthorized } from '../errors';
import { revokeToken } from './tokens';

/** Spec §3 user info. */
export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  avatar: string | null;
  /** Masked as 138****0000; the full number is never sent. */
  mobile: string | null;
  is_real_name: boolean;
  /** False for accounts made by SMS code or third-party login, which have no password yet. */
  has_password: boolean;
  /** The verified real name, masked as 张*三 / 李*; null before verification. */
  real_name: string | null;
  /** Masked as a***@example.com; null when no address is set. */
  email: string | null;
  /** Whether the password can be reset by email (issue 4 /rstpwd). */
  has_email: boolean;
  /** ISO 8601. */
  created_at: string;
}

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
    created_at: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// account changes of sign-in (docs/sign-in-api.md "Sign-in calls")

export const MSG_ACCOUNT_DELETED = '该账号已注销';
export const MSG_ID_NUMBER_TAKEN = '该身份证号已被其他账号认证';

const INVITE_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const INVITE_CODE_LENGTH = 8;
/** Inserts tried before giving up on a free username and invite code (a clash is already rare). */
const CREATE_ATTEMPTS = 5;

/** 8 random uppercase letters and digits (36^8 ≈ 2.8e12 codes). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** The name of the unique index or check a database error broke, looking through drizzle's causes. */
function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    const constraint = (current as Error & { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = current.cause;
  }
  return undefined;
}

async function userOfMobile(db: DbOrTx, mobile: string): Promise<{ id: number; status: string } | undefined> {
  const [row] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export interface MobileSignIn {
  userId: number;
  /** The account was made by this call (docs/sign-in-api.md "Token answer": is_new_user). */
  isNewUser: boolean;
}

/**
 * POST common/mobileLogin after the code: the account of `mobile`, made now when there is none
 * (username u<mobile>, nickname 用户<last 4>, no password, a fresh invite code). A deregistered
 * account answers 400 该账号已注销. Two first logins racing on one phone make one account: the
 * insert skips on any unique clash and the phone is read again.
 */
export async function signInUserByMobile(db: Db, mobile: string, now: Date): Promise<MobileSignIn> {
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
      const existing = await userOfMobile(tx, mobile);
      if (existing) {
        if (existing.status === 'deleted') throw badRequest(MSG_ACCOUNT_DELETED);
        return { userId: existing.id, isNewUser: false };
      }
      // u<mobile> may belong to an account whose phone has changed since; then add a suffix.
      const username = attempt === 0 ? `u${mobile}` : `u${mobile}_${newInviteCode().slice(0, 4).toLowerCase()}`;
      const [created] = await tx
        .insert(users)
        .values({ username, mobile, nickname: `用户${mobile.slice(-4)}`, inviteCode: newInviteCode(), createdAt: now })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created) return { userId: created.id, isNewUser: true };
    }
    throw new Error(`no free username or invite code for a new account after ${CREATE_ATTEMPTS} attempts`);
  });
}

export interface BindPhoneInput {
  /** The phone-less user the temp_token stands for. */
  tempUserId: number;
  /** The raw temp_token, revoked here so it binds once. */
  tempToken: string;
  mobile: string;
}

/**
 * POST common/bindPhone after the code (spec §6: a third-party login without a bound phone).
 * A free phone goes to the temp user. A phone of another active account takes the temp user's
 * WeChat/QQ identities over to that account, and the temp user, left empty, is deregistered.
 * Returns the id of the account that now holds the phone. In one transaction with the revocation
 * of the temp_token, so two binds with one token cannot both happen.
 */
export async function bindPhoneToTempUser(db: Db, input: BindPhoneInput, now: Date): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await revokeToken(tx, input.tempToken, now))) throw unauthorized();
      const holder = await userOfMobile(tx, input.mobile);
      if (!holder) {
        const [bound] = await tx
          .update(users)
          .set({ mobile: input.mobile })
          .where(and(eq(users.id, input.tempUserId), sql`${users.mobile} is null`, eq(users.status, 'active')))
          .returning({ id: users.id });
        // A temp user that has a phone already is not one a temp_token should name.
        if (!bound) throw conflict(undefined, { cause: new Error(`user ${input.tempUserId} is not phone-less`) });
        return bound.id;
      }
      if (holder.id === input.tempUserId) return holder.id;
      if (holder.status === 'deleted') throw badRequest(MSG_ACCOUNT_DELETED);
      await tx.update(thirdPartyIdentities).set({ userId: holder.id }).where(eq(thirdPartyIdentities.userId, input.tempUserId));
      await tx.update(users).set({ status: 'deleted' }).where(eq(users.id, input.tempUserId));
      return holder.id;
    });
  } catch (error) {
    // Another account took the phone between our read and our write.
    if (!(error instanceof AppError) && violatedConstraint(error) === 'users_mobile_key') throw conflict(undefined, { cause: error });
    throw error;
  }
}

export interface RealNameAnswer {
  is_real_name: true;
  /** Masked as in the profile (张*三). */
  real_name: string;
}

/** 110101199003070011 → 110***********0011 (the first 3 and last 4 characters stay). */
export function maskIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 3)}${'*'.repeat(Math.max(0, idNumber.length - 7))}${idNumber.slice(-4)}`;
}

/**
 * POST account/realName (spec §6 real-name verification), for an already validated name and ID
 * number. Only the masked number and the SHA-256 of the upper-cased number are kept; the hash
 * lets one identity verify one account (409 该身份证号已被其他账号认证).
 */
export async function verifyRealName(db: Db, userId: number, input: { name: string; idNumber: string }): Promise<RealNameAnswer> {
  const idNumber = input.idNumber.toUpperCase();
  const idNumberHash = createHash('sha256').update(idNumber, 'utf8').digest('hex');
  const realName = input.name.trim();
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.idNumberHash, idNumberHash), ne(users.id, userId)))
    .limit(1);
  if (other) throw conflict(MSG_ID_NUMBER_TAKEN);
  try {
    await db
      .update(users)
      .set({ realName, idNumberMasked: maskIdNumber(idNumber), idNumberHash, isRealName: true })
      .where(eq(users.id, userId));
  } catch (error) {
    // Another account verified the same number between our read and our write.
    if (violatedConstraint(error) === 'users_id_number_hash_key') throw conflict(MSG_ID_NUMBER_TAKEN, { cause: error });
    throw error;
  }
  return { is_real_name: true, real_name: maskRealName(realName)! };
}
