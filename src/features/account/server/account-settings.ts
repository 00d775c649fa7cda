/**
 * The account area's changes (个人中心 / 账号设置; spec §7 account group "profile update,
 * avatar, phone and email bind/update, pay password"; docs/account-api.md).
 *
 * - Proof of the user's own phone or email is a 'verify' code sent to the bound address
 *   (sendOwnVerifyCode); a new phone or email is proved by a 'bind' code sent to it.
 * - Every change that could take the account (password, phone, email, pay password) needs a proof
 *   on this session: an inline one (the old password, a code to the bound phone or address, the
 *   old pay password) or the re-authentication window (reauth.ts; 403 CODE_REAUTH_REQUIRED
 *   without it). Each revokes every other session of the user (the caller's own token stays) and
 *   tells the user on the old channels.
 * - Wrong old passwords and wrong pay passwords are counted per user in the database; past the
 *   window's limit the user waits (429), so a stolen session cannot guess them.
 */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_DEVICES_MAX, OLD_PASSWORD_FAILURE_WINDOW_S, OLD_PASSWORD_FAILURES_PER_WINDOW, PAY_PASSWORD_FAILURE_WINDOW_S, PAY_PASSWORD_FAILURES_PER_WINDOW } from '~/features/account/constants';
import { normaliseNickname, unbindRefusal, validateNickname, validatePayPassword, type ThirdParty } from '~/features/account/rules/account-settings';
import { validatePassword } from '~/platform/rules/validation';
import type { Db, DbOrTx } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { authTokens, thirdPartyIdentities, users, type CodeChannel } from '~/platform/db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, rateLimited, unauthorized } from '~/platform/http/errors';
import { MSG_PAY_PASSWORD_NOT_SET } from '~/features/wallet/rules/transfer';
import { bindPhoneToUser, hashPassword, verifyPassword, MSG_PHONE_TAKEN, checkVerificationCode, checkVerificationCodesTogether, sendVerificationCode, type CheckCodeInput, type SendCodeAnswer } from '~/features/sign-in/server';
import { hitRateLimit, resetRateLimit } from '~/platform/db/rate-limit';
import { ownUploadUrls } from '~/platform/db/uploads';
import { getUserInfo, type UserInfo } from '~/features/account/server/users';
import { hasRecentIdentity, openIdentityWindow, reauthRequired, recordSecurityChange, revokeOtherSessions, sendSecurityNotices } from '~/features/account/server/reauth';

export const MSG_AVATAR_INVALID = '头像图片无效，请重新上传';
export const MSG_PROFILE_EMPTY = '请填写要修改的昵称或头像';
export const MSG_NO_PHONE = '当前账号未绑定手机号';
export const MSG_NO_EMAIL = '当前账号未绑定邮箱';
export const MSG_SAME_PHONE = '新手机号不能与当前手机号相同';
export const MSG_SAME_EMAIL = '新邮箱不能与当前邮箱相同';
export const MSG_EMAIL_TAKEN = '该邮箱已绑定其他账号';
export const MSG_OLD_PASSWORD_WRONG = '原密码错误';
export const MSG_NO_PASSWORD_YET = '当前账号未设置登录密码，请使用短信验证码';
export const MSG_TOO_MANY_WRONG = '错误次数过多，请15分钟后再试';
export const MSG_PAY_PASSWORD_WRONG = '支付密码错误';
export const MSG_PAY_PASSWORD_NEEDED = '请输入支付密码';
export const MSG_DEVICE_NOT_FOUND = '该登录设备不存在或已退出';
export const MSG_DEVICE_CURRENT = '不能在此退出当前设备，请使用“退出登录”';
export const MSG_NOT_BOUND = '尚未绑定该第三方账号';
export const MSG_PHONE_CHANGED_MEANWHILE = '手机号已被修改，请刷新后重试';
export const MSG_IDENTITY_PASSWORD_WRONG = '登录密码错误，请重新输入';
export const MSG_IDENTITY_PROOF = '请输入登录密码或短信验证码';

interface AccountRow {
  mobile: string | null;
  email: string | null;
  passwordHash: string | null;
  payPasswordHash: string | null;
}

async function accountOf(db: DbOrTx, userId: number): Promise<AccountRow> {
  const [row] = await db
    .select({ mobile: users.mobile, email: users.email, passwordHash: users.passwordHash, payPasswordHash: users.payPasswordHash, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.status === 'deleted') throw unauthorized(undefined, { cause: new Error(`user ${userId} is gone or deleted`) });
  return row;
}


/**
 * One wrong try of `kind` for `userId`: counted, and a 429 once the window's limit is passed (the
 * refused try still counts, rate-limit.ts).
 */
async function countWrongTry(db: DbOrTx, kind: 'pay' | 'login', userId: number, now: Date): Promise<void> {
  const [limit, windowS] = kind === 'pay' ? [PAY_PASSWORD_FAILURES_PER_WINDOW, PAY_PASSWORD_FAILURE_WINDOW_S] : [OLD_PASSWORD_FAILURES_PER_WINDOW, OLD_PASSWORD_FAILURE_WINDOW_S];
  const result = await hitRateLimit(db, { bucket: `account:wrong-${kind}:${userId}`, limit, windowS }, now);
  if (!result.allowed) throw rateLimited(result.retryAfterS, MSG_TOO_MANY_WRONG);
}

/** Refuses (429) before any comparison when the window is already used up. */
async function assertTriesLeft(db: DbOrTx, kind: 'pay' | 'login', userId: number, now: Date): Promise<void> {
  const rows = await db.execute<{ count: number; window_ends_at: string | Date }>(
    sql`select count, window_ends_at from rate_limit_counters where bucket = ${`account:wrong-${kind}:${userId}`}`,
  );
  const row = (rows as unknown as { rows: Array<{ count: number; window_ends_at: string | Date }> }).rows[0];
  const limit = kind === 'pay' ? PAY_PASSWORD_FAILURES_PER_WINDOW : OLD_PASSWORD_FAILURES_PER_WINDOW;
  if (!row) return;
  const endsAt = new Date(row.window_ends_at).getTime();
  if (endsAt > now.getTime() && Number(row.count) >= limit) throw rateLimited(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)), MSG_TOO_MANY_WRONG);
}

// ---------------------------------------------------------------------------------------------
// 个人中心: nickname and avatar

export interface ProfileUpdate {
  nickname?: string | undefined;
  /** An own upload of purpose 'avatar' (POST uploads/image), by id or by its URL. */
  avatar?: number | string | undefined;
}

/** Sets the nickname and/or the avatar; answers the profile as GET common/userInfo does. */
export async function updateProfile(db: Db, userId: number, input: ProfileUpdate): Promise<UserInfo> {
  if (input.nickname === undefined && input.avatar === undefined) throw badRequest(MSG_PROFILE_EMPTY);
  await accountOf(db, userId);
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.nickname !== undefined) {
    const problem = validateNickname(input.nickname);
    if (problem !== null) throw badRequest(problem);
    set.nickname = normaliseNickname(input.nickname);
  }
  if (input.avatar !== undefined) {
    // The avatar is our own re-encoded WebP (uploads.ts), never a URL the client made up.
    const [url] = await ownUploadUrls(db, userId, 'avatar', [input.avatar], MSG_AVATAR_INVALID);
    set.avatar = url!;
  }
  await db.update(users).set(set).where(eq(users.id, userId));
  return getUserInfo(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Codes

/** POST account/sendVerifyCode: a 'verify' code to the user's own bound phone or email. */
export async function sendOwnVerifyCode(db: Db, userId: number, input: { channel: CodeChannel; ip: string }, now: Date): Promise<SendCodeAnswer> {
  const account = await accountOf(db, userId);
  const recipient = input.channel === 'sms' ? account.mobile : account.email;
  if (!recipient) throw badRequest(input.channel === 'sms' ? MSG_NO_PHONE : MSG_NO_EMAIL);
  return sendVerificationCode(db, { channel: input.channel, recipient, action: 'verify', ip: input.ip }, now);
}

/** The holder of `email` (any status: a deleted account's address stays taken, as its phone does). */
async function holderOfEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** POST account/sendEmailCode: a 'bind' code to a new address; 409 when another account has it. */
export async function sendEmailBindCode(db: Db, userId: number, input: { email: string; ip: string }, now: Date): Promise<SendCodeAnswer> {
  const account = await accountOf(db, userId);
  const email = input.email.trim().toLowerCase();
  if (account.email === email) throw badRequest(MSG_SAME_EMAIL);
  const holder = await holderOfEmail(db, email);
  if (holder !== null && holder !== userId) throw conflict(MSG_EMAIL_TAKEN);
  return sendVerificationCode(db, { channel: 'email', recipient: email, action: 'bind', ip: input.ip }, now);
}

// ---------------------------------------------------------------------------------------------
// Login password

export interface ChangePasswordInput {
  /** The current password, decrypted; or */
  oldPassword?: string | null;
  /** a 'verify' SMS code sent to the bound phone. */
  code?: string | null;
  newPassword: string;
}

/**
 * Sets a new login password, proved by the old one, by an SMS code to the bound phone (a user
 * who never had a password, e.g. an SMS sign-up, uses the code), or by the re-authentication
 * window of this session. Every other session is revoked; answers how many.
 */
export async function changePassword(db: Db, userId: number, keepTokenId: number, input: ChangePasswordInput, now: Date): Promise<{ revoked_sessions: number }> {
  const problem = validatePassword(input.newPassword);
  if (problem !== null) throw badRequest(problem);
  const account = await accountOf(db, userId);
  if (input.code) {
    if (!account.mobile) throw badRequest(MSG_NO_PHONE);
    await checkVerificationCode(db, { channel: 'sms', recipient: account.mobile, action: 'verify', code: input.code }, now);
  } else if (input.oldPassword) {
    if (!account.passwordHash) throw badRequest(MSG_NO_PASSWORD_YET);
    await checkLoginPassword(db, userId, account.passwordHash, input.oldPassword, MSG_OLD_PASSWORD_WRONG, now);
  } else if (!(await hasRecentIdentity(db, userId, keepTokenId, now))) {
    throw reauthRequired();
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await resetRateLimit(tx, `account:wrong-login:${userId}`);
    return recordSecurityChange(tx, userId, keepTokenId, 'password', now);
  });
  await sendSecurityNotices(db, account, 'password', now);
  return { revoked_sessions: revoked };
}

/** The login password against its hash, counted as a wrong try (429 past the window's limit) when wrong. */
async function checkLoginPassword(db: DbOrTx, userId: number, passwordHash: string, given: string, wrongMsg: string, now: Date): Promise<void> {
  await assertTriesLeft(db, 'login', userId, now);
  if (!(await verifyPassword(given, passwordHash))) {
    await countWrongTry(db, 'login', userId, now);
    throw badRequest(wrongMsg);
  }
}

// ---------------------------------------------------------------------------------------------
// Re-authentication (reauth.ts)

export interface VerifyIdentityInput {
  /** The login password, decrypted; or */
  password?: string | null;
  /** a 'verify' SMS code sent to the bound phone (POST account/sendVerifyCode channel sms). */
  code?: string | null;
}

/**
 * POST account/verifyIdentity: proves the user on this session and opens its window. Wrong
 * passwords and wrong codes count together, with the old-password tries of a password change,
 * against one per-user limit (5 in 15 minutes, then 429), so a stolen session cannot guess.
 */
export async function verifyIdentity(db: Db, userId: number, tokenId: number, input: VerifyIdentityInput, now: Date): Promise<{ verified_until: string }> {
  const account = await accountOf(db, userId);
  if (input.password) {
    if (!account.passwordHash) throw badRequest(MSG_NO_PASSWORD_YET);
    await checkLoginPassword(db, userId, account.passwordHash, input.password, MSG_IDENTITY_PASSWORD_WRONG, now);
  } else if (input.code) {
    if (!account.mobile) throw badRequest(MSG_NO_PHONE);
    await assertTriesLeft(db, 'login', userId, now);
    try {
      await checkVerificationCode(db, { channel: 'sms', recipient: account.mobile, action: 'verify', code: input.code }, now);
    } catch (error) {
      if (error instanceof AppError && error.httpStatus === 400) await countWrongTry(db, 'login', userId, now);
      throw error;
    }
  } else {
    throw badRequest(MSG_IDENTITY_PROOF);
  }
  await resetRateLimit(db, `account:wrong-login:${userId}`);
  return openIdentityWindow(db, userId, tokenId, now);
}

// ---------------------------------------------------------------------------------------------
// Phone and email

export interface ChangePhoneInput {
  /** The 'verify' code sent to the current phone; needed when one is bound. */
  oldCode?: string | null;
  mobile: string;
  /** The 'bind' code sent to the new phone (POST common/sendSms action bind). */
  code: string;
}

/**
 * Binds a first phone or replaces the bound one, proved by the old number's 'verify' code or by
 * the window (a first phone: by the window only); the new number's 'bind' code always, checked
 * together with the old one. The other sessions are revoked.
 */
export async function changePhone(db: Db, userId: number, keepTokenId: number, input: ChangePhoneInput, now: Date): Promise<UserInfo & { revoked_sessions: number }> {
  const account = await accountOf(db, userId);
  if (account.mobile === input.mobile) throw badRequest(MSG_SAME_PHONE);
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, input.mobile)).limit(1);
  if (holder) throw conflict(MSG_PHONE_TAKEN);
  const codes: CheckCodeInput[] = [{ channel: 'sms', recipient: input.mobile, action: 'bind', code: input.code }];
  if (account.mobile && input.oldCode) {
    codes.unshift({ channel: 'sms', recipient: account.mobile, action: 'verify', code: input.oldCode });
  } else if (!(await hasRecentIdentity(db, userId, keepTokenId, now))) {
    throw reauthRequired();
  }
  await checkVerificationCodesTogether(db, codes, now);
  const change = account.mobile ? 'phone_changed' : 'phone_bound';
  let revoked = 0;
  try {
    revoked = await db.transaction(async (tx) => {
      // The row lock makes two racing changes of one user apply one after the other.
      const [locked] = await tx.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)).for('update');
      if (locked?.mobile !== account.mobile) throw conflict(MSG_PHONE_CHANGED_MEANWHILE);
      await tx.update(users).set({ mobile: input.mobile }).where(eq(users.id, userId));
      return recordSecurityChange(tx, userId, keepTokenId, change, now);
    });
  } catch (error) {
    if (!(error instanceof AppError) && violatedUniqueConstraint(error) === 'users_mobile_key') throw conflict(MSG_PHONE_TAKEN, { cause: error });
    throw error;
  }
  await sendSecurityNotices(db, account, change, now);
  return { ...(await getUserInfo(db, userId)), revoked_sessions: revoked };
}

/**
 * POST account/bindPhone: a first phone for a user without one (the bind-phone modal), with its
 * 'bind' code and the window: whoever binds a phone can reset the password by SMS, so a stolen
 * session must not.
 */
export async function bindFirstPhone(db: Db, userId: number, keepTokenId: number, input: { mobile: string; code: string }, now: Date): Promise<UserInfo> {
  const account = await accountOf(db, userId);
  // A second phone is bindPhoneToUser's 409: changing one is changePhone's business.
  if (account.mobile === null && !(await hasRecentIdentity(db, userId, keepTokenId, now))) throw reauthRequired();
  await checkVerificationCode(db, { channel: 'sms', recipient: input.mobile, action: 'bind', code: input.code }, now);
  await bindPhoneToUser(db, userId, input.mobile);
  if (account.mobile === null) {
    await db.transaction((tx) => recordSecurityChange(tx, userId, keepTokenId, 'phone_bound', now));
    await sendSecurityNotices(db, account, 'phone_bound', now);
  }
  return getUserInfo(db, userId);
}

export interface ChangeEmailInput {
  /** The 'verify' code sent to the current address; needed when one is bound. */
  oldCode?: string | null;
  email: string;
  /** The 'bind' code sent to the new address (POST account/sendEmailCode). */
  code: string;
}

/**
 * Binds a first email or replaces the bound one. The new address's 'bind' code always; the proof
 * is the old address's 'verify' code (whoever reads that mail can reset the password anyway) or
 * the window, and a first address needs the window: with only the new address's code, a stolen
 * session would bind its own mail and reset the password by email (issue 25). The other sessions
 * are revoked.
 */
export async function changeEmail(db: Db, userId: number, keepTokenId: number, input: ChangeEmailInput, now: Date): Promise<UserInfo> {
  const account = await accountOf(db, userId);
  const email = input.email.trim().toLowerCase();
  if (account.email === email) throw badRequest(MSG_SAME_EMAIL);
  const holder = await holderOfEmail(db, email);
  if (holder !== null) throw conflict(MSG_EMAIL_TAKEN);
  const codes: CheckCodeInput[] = [{ channel: 'email', recipient: email, action: 'bind', code: input.code }];
  if (account.email && input.oldCode) {
    codes.unshift({ channel: 'email', recipient: account.email, action: 'verify', code: input.oldCode });
  } else if (!(await hasRecentIdentity(db, userId, keepTokenId, now))) {
    throw reauthRequired();
  }
  await checkVerificationCodesTogether(db, codes, now);
  const change = account.email ? 'email_changed' : 'email_bound';
  try {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ email }).where(eq(users.id, userId));
      await recordSecurityChange(tx, userId, keepTokenId, change, now);
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'users_email_key') throw conflict(MSG_EMAIL_TAKEN, { cause: error });
    throw error;
  }
  await sendSecurityNotices(db, account, change, now);
  return getUserInfo(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Pay password

export interface PayPasswordInput {
  payPassword: string;
  /** Proof when changing: the current pay password, or */
  oldPayPassword?: string | null;
  /** a 'verify' SMS code to the bound phone (the only proof for a first pay password). */
  code?: string | null;
}

/**
 * Sets or changes the pay password, proved by an SMS code to the bound phone, the old pay
 * password (a change), or the window (whoever holds only a session cannot set one and then
 * withdraw). The other sessions are revoked.
 */
export async function setPayPassword(db: Db, userId: number, keepTokenId: number, input: PayPasswordInput, now: Date): Promise<{ has_pay_password: true }> {
  const problem = validatePayPassword(input.payPassword);
  if (problem !== null) throw badRequest(problem);
  const account = await accountOf(db, userId);
  if (input.code) {
    if (!account.mobile) throw badRequest(MSG_NO_PHONE);
    await checkVerificationCode(db, { channel: 'sms', recipient: account.mobile, action: 'verify', code: input.code }, now);
  } else if (input.oldPayPassword && account.payPasswordHash) {
    await checkPayPassword(db, userId, input.oldPayPassword, now);
  } else if (!(await hasRecentIdentity(db, userId, keepTokenId, now))) {
    throw reauthRequired();
  }
  const payPasswordHash = await hashPassword(input.payPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ payPasswordHash }).where(eq(users.id, userId));
    await recordSecurityChange(tx, userId, keepTokenId, 'pay_password', now);
  });
  await sendSecurityNotices(db, account, 'pay_password', now);
  return { has_pay_password: true };
}

async function checkPayPassword(db: DbOrTx, userId: number, given: string, now: Date): Promise<void> {
  const account = await accountOf(db, userId);
  await assertTriesLeft(db, 'pay', userId, now);
  if (!(await verifyPassword(given, account.payPasswordHash))) {
    await countWrongTry(db, 'pay', userId, now);
    throw badRequest(MSG_PAY_PASSWORD_WRONG);
  }
  await resetRateLimit(db, `account:wrong-pay:${userId}`);
}

/**
 * The withdrawal gate: a user who has set a pay password must give it (400 请输入支付密码, 400
 * 支付密码错误, 429 after 5 wrong in 15 minutes); one who never set one passes (docs/decisions.md).
 */
export async function requirePayPasswordIfSet(db: DbOrTx, userId: number, given: string | null | undefined, now: Date): Promise<void> {
  const account = await accountOf(db, userId);
  if (!account.payPasswordHash) return;
  if (!given) throw badRequest(MSG_PAY_PASSWORD_NEEDED);
  await checkPayPassword(db, userId, given, now);
}

export { MSG_PAY_PASSWORD_NOT_SET };

/**
 * The transfer gate: 403 请先在账号设置中设置支付密码 when none is set, then as a withdrawal's (400
 * 请输入支付密码, 400 支付密码错误, 429 after 5 wrong in 15 minutes).
 */
export async function requirePayPassword(db: DbOrTx, userId: number, given: string | null | undefined, now: Date): Promise<void> {
  const account = await accountOf(db, userId);
  if (!account.payPasswordHash) throw forbidden(MSG_PAY_PASSWORD_NOT_SET);
  if (!given) throw badRequest(MSG_PAY_PASSWORD_NEEDED);
  await checkPayPassword(db, userId, given, now);
}

// ---------------------------------------------------------------------------------------------
// Devices (session tokens)

export interface SignedInDevice {
  id: number;
  user_agent: string | null;
  /** ISO 8601. */
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  /** The token this request came with. */
  current: boolean;
}

/** The user's live session tokens, the current first, then by last use. */
export async function listDevices(db: DbOrTx, userId: number, currentTokenId: number, now: Date): Promise<{ list: SignedInDevice[] }> {
  const rows = await db
    .select({ id: authTokens.id, userAgent: authTokens.userAgent, createdAt: authTokens.createdAt, lastUsedAt: authTokens.lastUsedAt, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, 'session'), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`), desc(authTokens.id))
    .limit(ACCOUNT_DEVICES_MAX);
  const list = rows.map((row) => ({
    id: row.id,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt.toISOString(),
    current: row.id === currentTokenId,
  }));
  list.sort((a, b) => Number(b.current) - Number(a.current));
  return { list };
}

/** Signs one other device out; another user's device or an unknown one is 404. */
export async function signOutDevice(db: DbOrTx, userId: number, currentTokenId: number, deviceId: number, now: Date): Promise<null> {
  if (deviceId === currentTokenId) throw badRequest(MSG_DEVICE_CURRENT);
  const result = await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, deviceId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  if (result.length === 0) throw notFound(MSG_DEVICE_NOT_FOUND);
  return null;
}

/** 退出其他所有设备: every token of the user but the current one. */
export async function signOutEverywhereElse(db: DbOrTx, userId: number, currentTokenId: number, now: Date): Promise<{ revoked_sessions: number }> {
  return { revoked_sessions: await revokeOtherSessions(db, userId, currentTokenId, now) };
}

// ---------------------------------------------------------------------------------------------
// Third-party bindings

export interface ThirdPartyBinding {
  provider: ThirdParty;
  name: string;
  bound: boolean;
  /** ISO 8601, when bound. */
  bound_at: string | null;
}

const PROVIDER_NAMES: Record<ThirdParty, string> = { wechat: '微信', qq: 'QQ' };

export async function listBindings(db: DbOrTx, userId: number): Promise<{ list: ThirdPartyBinding[] }> {
  const rows = await db
    .select({ provider: thirdPartyIdentities.provider, createdAt: thirdPartyIdentities.createdAt })
    .from(thirdPartyIdentities)
    .where(eq(thirdPartyIdentities.userId, userId));
  return {
    list: (['wechat', 'qq'] as const).map((provider) => {
      const row = rows.find((candidate) => candidate.provider === provider);
      return { provider, name: PROVIDER_NAMES[provider], bound: Boolean(row), bound_at: row?.createdAt.toISOString() ?? null };
    }),
  };
}

/**
 * Unbinds WeChat or QQ, unless that would leave no way to sign in (unbindRefusal: 409). The
 * check and the delete share a transaction with the user row locked, so two racing unbinds of
 * the last two identities cannot both pass.
 */
export async function unbindThirdParty(db: Db, userId: number, provider: ThirdParty): Promise<{ list: ThirdPartyBinding[] }> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ mobile: users.mobile, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthorized();
    const bound = await tx.select({ provider: thirdPartyIdentities.provider }).from(thirdPartyIdentities).where(eq(thirdPartyIdentities.userId, userId));
    if (!bound.some((row) => row.provider === provider)) throw notFound(MSG_NOT_BOUND);
    const refusal = unbindRefusal({ hasPassword: user.passwordHash !== null, hasMobile: user.mobile !== null, thirdParties: bound.map((row) => row.provider) }, provider);
    if (refusal !== null) throw conflict(refusal);
    await tx.delete(thirdPartyIdentities).where(and(eq(thirdPartyIdentities.userId, userId), eq(thirdPartyIdentities.provider, provider)));
  });
  return listBindings(db, userId);
}
