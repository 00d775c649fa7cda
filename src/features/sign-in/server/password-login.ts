/**
 * Everything that takes an encrypted password (docs/sign-in-api.md "Sign-in calls"): password
 * login (spec §7 "POST login", §5 the -410 rule), register (spec §7 "POST register") and the two
 * password resets (/rstpwd). Each runs after verifySignedRequest has burnt the challenge.
 *
 * Password login gives nothing away: an unknown name, a deleted account, an account without a
 * password, a ciphertext that does not decrypt and a wrong password all get the same 400
 * 账号或密码错误 after the same work (one decryption attempt, one scrypt verification, against a
 * dummy hash when there is no usable account), and all count towards the -410 rule.
 */
import { recordInvitation } from '~/features/activities/server';
import { eq, inArray, or, sql, and } from 'drizzle-orm';
import { PASSWORD_FAILURES_BEFORE_CAPTCHA } from '~/platform/config/constants';
import { CODE_PASSWORD_CAPTCHA_REQUIRED, LOGIN_ATTEMPT_WINDOW_S, LOGIN_ATTEMPTS_PER_IP, LOGIN_ATTEMPTS_PER_NAME } from '~/features/sign-in/constants';
import { PASSWORD_CAPTCHA_REQUIRED_MSG } from '~/platform/rules/login-state';
import { PHONE_PATTERN, validatePassword } from '~/platform/rules/validation';
import type { Db, DbOrTx } from '~/platform/db/client';
import { loginFailures, users, type CodeChannel } from '~/platform/db/schema';
import { AppError, badRequest, conflict } from '~/platform/http/errors';
import { hashPassword, verifyPassword } from '~/features/sign-in/server/password';
import { enforceRateLimits, resetRateLimit } from '~/platform/db/rate-limit';
import { decryptPassword, MSG_BAD_SIGNATURE, type VerifiedChallenge } from '~/features/sign-in/server/request-signing';
import { signInAnswer, type SignInAnswer } from '~/features/sign-in/server/sign-in';
import { revokeAllTokens } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server';
import { checkVerificationCode, MSG_PHONE_NOT_REGISTERED, MSG_PHONE_REGISTERED } from '~/features/sign-in/server/verification-codes';
import { consumeVerifyKey } from '~/features/sign-in/server/verify-keys';

/** Wrong name or password, whichever it was (docs/sign-in-api.md). */
export const MSG_BAD_CREDENTIALS = '账号或密码错误';
/** Not in the spec: password reset by email for an address no active account has. */
export const MSG_EMAIL_NOT_REGISTERED = '该邮箱未注册';

/**
 * A scrypt hash (default parameters) of a random string nobody knows: verified against when there
 * is no usable account, so an unknown name costs the same scrypt work as a known one.
 */
const DUMMY_PASSWORD_HASH = 'scrypt$16384$8$1$y-8ayIY9H_O1DORyqC-QnA$v7L2ZSDoCTOMmv1RoOpJPeKQ3i52dApn1touVaDi9A0';

// ---------------------------------------------------------------------------------------------
// Password login
// ---------------------------------------------------------------------------------------------

export interface PasswordLoginInput {
  /** Username, or mobile when it looks like a phone (spec §5 "Username/phone login"). */
  username: string;
  passwordCiphertext: string;
  /** A solved captcha's key for `login`; needed only past the -410 threshold. */
  verifyKey?: string | null;
  /** Sent by the browser (spec §7); not used by the server yet. */
  fingerprint?: string | null;
  challenge: VerifiedChallenge;
  ip: string;
  userAgent?: string | null;
}

/** The key of login_failures and of the per-name limit: a login name, known or not, lowercased. */
const failureKey = (name: string): string => name.toLowerCase();

function captchaRequired(): AppError {
  return new AppError(CODE_PASSWORD_CAPTCHA_REQUIRED, PASSWORD_CAPTCHA_REQUIRED_MSG, 400);
}

async function failuresOf(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db.select({ failures: loginFailures.failures }).from(loginFailures).where(eq(loginFailures.loginName, key)).limit(1);
  return row?.failures ?? 0;
}

/** Counts one wrong password for `key` (one atomic upsert) and answers the new count. */
async function countFailure(db: DbOrTx, key: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ loginName: key, failures: 1, lastFailedAt: now })
    .onConflictDoUpdate({ target: loginFailures.loginName, set: { failures: sql`${loginFailures.failures} + 1`, lastFailedAt: now } })
    .returning({ failures: loginFailures.failures });
  return row!.failures;
}

async function clearFailures(db: DbOrTx, names: ReadonlyArray<string | null | undefined>): Promise<void> {
  const keys = [...new Set(names.filter((name): name is string => !!name).map(failureKey))];
  if (keys.length > 0) await db.delete(loginFailures).where(inArray(loginFailures.loginName, keys));
}

/** The account a login name names: its username, else (when it looks like a phone) its mobile. */
async function accountOfLoginName(db: DbOrTx, name: string) {
  const byName = eq(users.username, name);
  const [row] = await db
    .select({ id: users.id, username: users.username, mobile: users.mobile, passwordHash: users.passwordHash, status: users.status })
    .from(users)
    .where(PHONE_PATTERN.test(name) ? or(byName, eq(users.mobile, name)) : byName)
    // A username match wins over another account's mobile.
    .orderBy(sql`case when ${users.username} = ${name} then 0 else 1 end`)
    .limit(1);
  return row;
}

/**
 * spec §5 password login. Limits first (429); then the -410 rule: past PASSWORD_FAILURES_BEFORE_CAPTCHA
 * wrong passwords for this login name, a request without a live `login` verify_key is answered
 * -410 without the password being looked at. A wrong password counts one failure and answers
 * 400 账号或密码错误, or -410 once the count passes the threshold (the 4th wrong one on). Success
 * clears the count and signs in.
 */
export async function loginWithPassword(db: Db, input: PasswordLoginInput, now: Date): Promise<SignInAnswer> {
  const key = failureKey(input.username);
  await enforceRateLimits(
    db,
    [
      { bucket: `login:name:${key}`, limit: LOGIN_ATTEMPTS_PER_NAME, windowS: LOGIN_ATTEMPT_WINDOW_S },
      { bucket: `login:ip:${input.ip}`, limit: LOGIN_ATTEMPTS_PER_IP, windowS: LOGIN_ATTEMPT_WINDOW_S },
    ],
    now,
  );

  if ((await failuresOf(db, key)) > PASSWORD_FAILURES_BEFORE_CAPTCHA) {
    if (!(await consumeVerifyKey(db, input.verifyKey, 'login', now))) throw captchaRequired();
  }

  const account = await accountOfLoginName(db, input.username);
  const usable = account && account.status === 'active' && account.passwordHash ? account : undefined;
  const password = await decryptPassword(db, input.challenge, input.passwordCiphertext, now);
  // Always one scrypt run, so every refusal costs the same.
  const matches = await verifyPassword(password ?? '', usable?.passwordHash ?? DUMMY_PASSWORD_HASH);

  if (!usable || password === null || !matches) {
    const failures = await countFailure(db, key, now);
    if (failures > PASSWORD_FAILURES_BEFORE_CAPTCHA) throw captchaRequired();
    throw badRequest(MSG_BAD_CREDENTIALS);
  }

  await clearFailures(db, [key, usable.username, usable.mobile]);
  await resetRateLimit(db, `login:name:${key}`);
  // The login form's agreement box is ticked before it posts (spec §5).
  return signInAnswer(db, usable.id, { agreed: true, userAgent: input.userAgent, now });
}

// ---------------------------------------------------------------------------------------------
// Register and reset
// ---------------------------------------------------------------------------------------------

/**
 * The plain password of a register or reset body, checked against §5. A ciphertext that does not
 * decrypt under this challenge is the client's stale state, so it gets the signing message
 * (refresh and retry), not a password-format message the user could not act on.
 */
async function newPasswordOf(db: DbOrTx, challenge: VerifiedChallenge, ciphertext: string, now: Date): Promise<string> {
  const password = await decryptPassword(db, challenge, ciphertext, now);
  if (password === null) throw badRequest(MSG_BAD_SIGNATURE, { cause: new Error('password ciphertext does not decrypt under this challenge') });
  const problem = validatePassword(password);
  if (problem !== null) throw badRequest(problem);
  return password;
}

export interface RegisterInput {
  mobile: string;
  passwordCiphertext: string;
  code: string;
  /** Another user's invite code; an unknown one is ignored. */
  invite?: string | null;
  fingerprint?: string | null;
  /** The caller's address (the invitation's anti-abuse facts). */
  ip?: string | null;
  challenge: VerifiedChallenge;
  userAgent?: string | null;
}

/**
 * spec §7 register: a new account for a phone with an SMS code for `register` and a §5 password;
 * 409 该手机号已注册 when the phone has an account (sendSms has already said so, so this tells
 * nobody anything new). Answers the token answer with is_new_user true.
 */
export async function registerWithPassword(db: Db, input: RegisterInput, now: Date): Promise<SignInAnswer> {
  const password = await newPasswordOf(db, input.challenge, input.passwordCiphertext, now);
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, input.mobile)).limit(1);
  if (taken) throw conflict(MSG_PHONE_REGISTERED);
  // Outside any transaction of ours: a wrong try must count even though this request fails.
  await checkVerificationCode(db, { channel: 'sms', recipient: input.mobile, action: 'register', code: input.code }, now);

  const passwordHash = await hashPassword(password);
  const invite = input.invite?.trim().toUpperCase();
  const [inviter] = invite
    ? await db.select({ id: users.id }).from(users).where(and(eq(users.inviteCode, invite), eq(users.status, 'active'))).limit(1)
    : [];

  return db.transaction(async (tx) => {
    const userId = await createUser(
      tx,
      { username: `u${input.mobile}`, passwordHash, mobile: input.mobile, nickname: `用户${input.mobile.slice(-4)}`, invitedByUserId: inviter?.id ?? null },
      now,
    );
    // A concurrent register (or SMS login) of the same phone won the race.
    if (userId === null) throw conflict(MSG_PHONE_REGISTERED, { cause: new Error(`u${input.mobile} or ${input.mobile} taken at insert`) });
    if (inviter) await recordInvitation(tx, { inviterUserId: inviter.id, inviteeUserId: userId, mobile: input.mobile, fingerprint: input.fingerprint, ip: input.ip }, now);
    // The account, its welcome red envelopes, its invitation, the agreements it accepted and its
    // first token commit together.
    return signInAnswer(tx, userId, { isNewUser: true, agreed: true, userAgent: input.userAgent, now });
  });
}

export interface ResetPasswordInput {
  channel: CodeChannel;
  /** The mobile, or the email lowercased. */
  recipient: string;
  code: string;
  passwordCiphertext: string;
  challenge: VerifiedChallenge;
}

/**
 * Password reset by SMS or email code (/rstpwd): the code is checked before the account is
 * looked up, so without a right code nobody learns whether the phone or address has an account.
 * Sets the new hash, revokes every token of the user and clears the -410 counts of their names.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, now: Date): Promise<void> {
  const password = await newPasswordOf(db, input.challenge, input.passwordCiphertext, now);
  await checkVerificationCode(db, { channel: input.channel, recipient: input.recipient, action: 'reset', code: input.code }, now);
  const [account] = await db
    .select({ id: users.id, username: users.username, mobile: users.mobile })
    .from(users)
    .where(and(input.channel === 'sms' ? eq(users.mobile, input.recipient) : eq(users.email, input.recipient), eq(users.status, 'active')))
    .limit(1);
  if (!account) throw badRequest(input.channel === 'sms' ? MSG_PHONE_NOT_REGISTERED : MSG_EMAIL_NOT_REGISTERED);

  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, account.id));
    await revokeAllTokens(tx, account.id, now);
    await clearFailures(tx, [account.username, account.mobile]);
  });
}
