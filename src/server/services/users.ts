/**
 * The signed-in user's profile as the client sees it (spec §7 "GET user info": data holds profile).
 * The row is reshaped here and only here (STYLE 8): the password hash is never read, and the mobile
 * number leaves the server masked.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { unauthorized } from '../errors';

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
  /** ISO 8601. */
  created_at: string;
}

/** 13800000001 → 138****0001; anything too short to keep 7 digits visible is fully masked. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  if (mobile.length < 11) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
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
    created_at: row.createdAt.toISOString(),
  };
}
