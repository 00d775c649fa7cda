/**
 * Real-name verification (spec §5 real name and ID number; §6 needed before renting or
 * recharging, skippable for now).
 */
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { users } from '~/platform/db/schema';
import { AppError, conflict } from '~/platform/http/errors';
import { MONEY_CODES } from '~/features/wallet/contract/money';
import { maskRealName } from '~/features/account/server/users';

/** spec §6: real-name verification is needed before renting, recharging or withdrawing. */
export const MSG_REAL_NAME_REQUIRED = '请先完成实名认证';

/** 403 code 1003 请先完成实名认证: the checkout and the recharge form open the verification dialog on it. */
export const realNameRequired = (): AppError => new AppError(MONEY_CODES.realNameRequired, MSG_REAL_NAME_REQUIRED, 403);

/** The user's verified real name (null for accounts verified before names were kept), or 403 code 1003. */
export async function requireRealName(db: DbOrTx, userId: number): Promise<string | null> {
  const [user] = await db.select({ isRealName: users.isRealName, realName: users.realName }).from(users).where(eq(users.id, userId));
  if (!user?.isRealName) throw realNameRequired();
  return user.realName;
}

export const MSG_ID_NUMBER_TAKEN = '该身份证号已被其他账号认证';

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
    if (violatedUniqueConstraint(error) === 'users_id_number_hash_key') throw conflict(MSG_ID_NUMBER_TAKEN, { cause: error });
    throw error;
  }
  return { is_real_name: true, real_name: maskRealName(realName)! };
}
