/**
 * Signing in by phone (docs/sign-in-api.md "Sign-in calls"): SMS login of a phone, which makes the
 * account on first use, and binding a phone to a third-party user who has none (spec §6).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { thirdPartyIdentities, users } from '~/platform/db/schema';
import { AppError, badRequest, conflict, unauthorized } from '~/platform/http/errors';
import { revokeToken } from '~/features/sign-in/server/tokens';
import { CREATE_ATTEMPTS, createUser, newInviteCode } from '~/features/account/server';

export const MSG_ACCOUNT_DELETED = '该账号已注销';

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
 * POST common/mobileLogin after the code: the account of `mobile`, made now by createUser when
 * there is none (username u<mobile>, nickname 用户<last 4>, no password, a fresh invite code, the
 * welcome red envelopes). A deregistered account answers 400 该账号已注销. Two first logins racing
 * on one phone make one account: createUser skips on any unique clash and the phone is read again.
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
      const created = await createUser(tx, { username, mobile, nickname: `用户${mobile.slice(-4)}` }, now);
      if (created !== null) return { userId: created, isNewUser: true };
    }
    throw new Error(`no free username for a new account after ${CREATE_ATTEMPTS} attempts`);
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
    if (!(error instanceof AppError) && violatedUniqueConstraint(error) === 'users_mobile_key') throw conflict(undefined, { cause: error });
    throw error;
  }
}

export const MSG_PHONE_ALREADY_BOUND = '当前账号已绑定手机号';
export const MSG_PHONE_TAKEN = '该手机号已绑定其他账号';

/**
 * POST account/bindPhone after the code: a signed-in user without a phone binds one (spec §6
 * "Binding a phone is needed for complaints"; the bind-phone modal of §2). Unlike the temp_token
 * bind, nothing is merged: a phone that belongs to another account is refused (409), and so is a
 * second phone (409: changing a phone is the account settings' business). The row is locked so two
 * binds at once cannot both write.
 */
export async function bindPhoneToUser(db: Db, userId: number, mobile: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [user] = await tx.select({ mobile: users.mobile, status: users.status }).from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.status !== 'active') throw unauthorized();
      if (user.mobile === mobile) return;
      if (user.mobile !== null) throw conflict(MSG_PHONE_ALREADY_BOUND);
      const holder = await userOfMobile(tx, mobile);
      if (holder) throw conflict(MSG_PHONE_TAKEN);
      await tx.update(users).set({ mobile }).where(eq(users.id, userId));
    });
  } catch (error) {
    // Another account took the phone between our read and our write.
    if (!(error instanceof AppError) && violatedUniqueConstraint(error) === 'users_mobile_key') throw conflict(MSG_PHONE_TAKEN, { cause: error });
    throw error;
  }
}
