/**
 * SMS and email verification codes (docs/sign-in-api.md "SMS and email codes"; spec §5 "SMS code:
 * exactly 6 digits", "Sending SMS ... 60 s resend countdown").
 *
 * - A code is 6 random digits (crypto.randomInt), lives VERIFICATION_CODE_LIFETIME_S and takes at
 *   most VERIFICATION_CODE_MAX_TRIES tries; a right try consumes it, so it works once.
 * - Only `sha256_hex(`${recipient}:${action}:${code}`)` is stored (recipient: the mobile, or the
 *   email lowercased). Salting with recipient and action means one hash matches one purpose for
 *   one person; a million candidates per row still make a leaked table cheap to reverse, which is
 *   why codes also die after 5 minutes and 5 tries.
 * - A newer code replaces the older live ones of the same recipient and action.
 * - Sends are limited per recipient (one per SMS_RESEND_S, CODE_SENDS_PER_RECIPIENT_PER_DAY a day)
 *   and per IP (CODE_SENDS_PER_IP_PER_DAY a day), in the database (services/rate-limit.ts).
 *
 * The code itself is never logged: it leaves this module only inside the message body.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CODE_FAIL, SMS_CODE_LENGTH, SMS_RESEND_S } from '~/platform/config/constants';
import { CODE_SENDS_PER_IP_PER_DAY, CODE_SENDS_PER_RECIPIENT_PER_DAY, VERIFICATION_CODE_LIFETIME_S, VERIFICATION_CODE_MAX_TRIES } from '~/features/sign-in/constants';
import { affectedRowCount, type Db, type DbOrTx } from '~/platform/db/client';
import { users, verificationCodes, type CodeAction, type CodeChannel } from '~/platform/db/schema';
import { AppError, badRequest } from '~/platform/http/errors';
import { signInProviders } from '~/platform/providers/sign-in-providers';
import { MessageRefusedError, type MessageSender } from '~/platform/providers/sms/port';
import { enforceRateLimits, type RateLimitRule } from '~/platform/db/rate-limit';
import { log } from '~/platform/config/log';

export const MSG_CODE_INVALID = '验证码错误或已过期';
export const MSG_CODE_SEND_TOO_FREQUENT = '发送过于频繁，请稍后再试';
export const MSG_PHONE_REGISTERED = '该手机号已注册';
export const MSG_PHONE_NOT_REGISTERED = '该手机号未注册';
/** The slider has to be solved (verify_key for web_action sendSms) before each code is sent. */
export const MSG_CAPTCHA_REQUIRED = '请先完成滑块验证';
/** The provider refused or could not be reached (its own code is in the server log). */
export const MSG_CODE_SEND_FAILED = '验证码发送失败，请稍后重试';
/** EMAIL_PROVIDER=disabled: no mail can leave, for anyone (docs/providers-sign-in.md). */
export const MSG_EMAIL_UNAVAILABLE = '暂不支持邮箱验证码，请使用手机号找回密码';

const DAY_S = 86_400;
const LIFETIME_MIN = Math.round(VERIFICATION_CODE_LIFETIME_S / 60);

export interface SendCodeInput {
  channel: CodeChannel;
  recipient: string;
  action: CodeAction;
  ip: string;
}

export interface CheckCodeInput {
  channel: CodeChannel;
  recipient: string;
  action: CodeAction;
  code: string;
}

export interface SendCodeAnswer {
  /** Seconds until the next code may be asked for (spec §9: SMS resend 60 s). */
  resend_after: number;
}

/** Emails compare case-insensitively; a mobile is kept as given (already validated). */
function normaliseRecipient(channel: CodeChannel, recipient: string): string {
  return channel === 'email' ? recipient.trim().toLowerCase() : recipient;
}

/** sha256 hex of `${recipient}:${action}:${code}`: the only form a code is stored in. */
function hashCode(recipient: string, action: CodeAction, code: string): string {
  return createHash('sha256').update(`${recipient}:${action}:${code}`, 'utf8').digest('hex');
}

function newCode(): string {
  return randomInt(0, 10 ** SMS_CODE_LENGTH).toString().padStart(SMS_CODE_LENGTH, '0');
}

function messageBody(code: string): string {
  return `【租号平台】验证码 ${code}，${LIFETIME_MIN}分钟内有效。请勿告诉他人。`;
}

function sendLimits(channel: CodeChannel, recipient: string, ip: string): RateLimitRule[] {
  return [
    { bucket: `code:gap:${channel}:${recipient}`, limit: 1, windowS: SMS_RESEND_S },
    { bucket: `code:day:${channel}:${recipient}`, limit: CODE_SENDS_PER_RECIPIENT_PER_DAY, windowS: DAY_S },
    { bucket: `code:ip:${ip}`, limit: CODE_SENDS_PER_IP_PER_DAY, windowS: DAY_S },
  ];
}

/** Makes a code (retiring older live ones of the same recipient and action) and sends it. */
async function issueAndDeliver(db: Db, channel: CodeChannel, recipient: string, action: CodeAction, now: Date): Promise<void> {
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.action, action), isNull(verificationCodes.consumedAt)));
    await tx.insert(verificationCodes).values({
      channel,
      recipient,
      action,
      codeHash: hashCode(recipient, action, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_LIFETIME_S * 1000),
    });
  });
  // After the commit: a real provider is network I/O, which must not hold a transaction open.
  // A refusal leaves the code stored and the resend gap spent: the user asks again after 60 s,
  // which also keeps a failing provider from being hammered.
  try {
    await senderFor(channel).send(db, { channel, recipient, body: messageBody(code), code }, now);
  } catch (error) {
    if (error instanceof MessageRefusedError) throw new AppError(CODE_FAIL, MSG_CODE_SEND_FAILED, 503, { cause: error });
    throw error;
  }
}

/** The adapter for `channel`; 503 for a channel switched off, before any lookup, so the refusal tells nobody anything. */
function senderFor(channel: CodeChannel): MessageSender {
  const sender = signInProviders().messages[channel];
  if (!sender) throw new AppError(CODE_FAIL, MSG_EMAIL_UNAVAILABLE, 503, { cause: new Error(`${channel} provider disabled`) });
  return sender;
}

/**
 * A message without a code (a security notice) through the channel's provider, after the change
 * it reports has committed. Best effort: the change stands and the in-site notice is written
 * whatever the provider says, so a refusal or a switched-off channel is logged, never thrown.
 * Answers whether the provider took it.
 */
export async function sendNoticeMessage(
  db: DbOrTx,
  input: { channel: CodeChannel; recipient: string; body: string; noticeParams?: Readonly<Record<string, string>> },
  now: Date,
): Promise<boolean> {
  const sender = signInProviders().messages[input.channel];
  if (!sender) return false;
  try {
    const notice = input.noticeParams ? { noticeParams: input.noticeParams } : {};
    await sender.send(db, { channel: input.channel, recipient: normaliseRecipient(input.channel, input.recipient), body: input.body, code: null, ...notice }, now);
    return true;
  } catch (error) {
    log.warn('security notice not sent', { channel: input.channel, err: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/**
 * Sends a new code to `recipient` for `action`, after the send limits (429 with Retry-After,
 * 发送过于频繁，请稍后再试). Callers check first whether the action fits the recipient.
 */
export async function sendVerificationCode(db: Db, input: SendCodeInput, now: Date): Promise<SendCodeAnswer> {
  const recipient = normaliseRecipient(input.channel, input.recipient);
  await enforceRateLimits(db, sendLimits(input.channel, recipient, input.ip), now, MSG_CODE_SEND_TOO_FREQUENT);
  await issueAndDeliver(db, input.channel, recipient, input.action, now);
  return { resend_after: SMS_RESEND_S };
}

/**
 * Checks `code` against the newest live code of the recipient and action, and consumes it when
 * right. Any failure (none sent, expired, used, out of tries, wrong) is the same 400
 * 验证码错误或已过期; a wrong try counts against the live code.
 */
export async function checkVerificationCode(db: DbOrTx, input: CheckCodeInput, now: Date): Promise<void> {
  const recipient = normaliseRecipient(input.channel, input.recipient);
  const live = and(
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
    lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_TRIES),
  );
  const [row] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.action, input.action), eq(verificationCodes.channel, input.channel), live))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!row) throw badRequest(MSG_CODE_INVALID);
  // One conditional update each way, so two racing requests can neither both use the code nor
  // both slip past the try limit.
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, row.id), eq(verificationCodes.codeHash, hashCode(recipient, input.action, input.code)), live));
  if (affectedRowCount(used) === 1) return;
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), live));
  throw badRequest(MSG_CODE_INVALID);
}

/** The account holding `mobile`, deleted ones included (the number stays taken). */
async function accountOfMobile(db: DbOrTx, mobile: string): Promise<{ id: number; status: string } | undefined> {
  const [row] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

/**
 * POST common/sendSms after the captcha: `register` needs a free phone (该手机号已注册), `reset` an
 * account's phone (该手机号未注册); `login` and `bind` go to any phone (an SMS login creates the
 * account).
 */
export async function sendSmsCode(db: Db, input: { mobile: string; action: CodeAction; ip: string }, now: Date): Promise<SendCodeAnswer> {
  if (input.action === 'register' || input.action === 'reset') {
    const account = await accountOfMobile(db, input.mobile);
    if (input.action === 'register' && account) throw badRequest(MSG_PHONE_REGISTERED);
    if (input.action === 'reset' && account?.status !== 'active') throw badRequest(MSG_PHONE_NOT_REGISTERED);
  }
  return sendVerificationCode(db, { channel: 'sms', recipient: input.mobile, action: input.action, ip: input.ip }, now);
}

/**
 * POST common/sendEmailCode (password reset by email). The same limits and the same answer
 * whether or not an active account has the address, so the call tells nobody which addresses
 * exist; only a real account's address gets a message.
 */
export async function sendEmailResetCode(db: Db, input: { email: string; ip: string }, now: Date): Promise<SendCodeAnswer> {
  const email = normaliseRecipient('email', input.email);
  senderFor('email');
  await enforceRateLimits(db, sendLimits('email', email, input.ip), now, MSG_CODE_SEND_TOO_FREQUENT);
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, 'active')))
    .limit(1);
  if (account) await issueAndDeliver(db, 'email', email, 'reset', now);
  return { resend_after: SMS_RESEND_S };
}

/**
 * Checks several codes that only count together (a phone change needs the old number's
 * code and the new one's). Each is compared first without being used (a wrong one counts a try on
 * its own row and throws 验证码错误或已过期, the others stay live for the retry); only when all are
 * right are they consumed, in one transaction, each by a conditional update, so a racing request
 * that used one of them first rolls the whole set back.
 */
export async function checkVerificationCodesTogether(db: Db, inputs: readonly CheckCodeInput[], now: Date): Promise<void> {
  const live = and(
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, now),
    lt(verificationCodes.attempts, VERIFICATION_CODE_MAX_TRIES),
  );
  const matched: Array<{ id: number; hash: string }> = [];
  for (const input of inputs) {
    const recipient = normaliseRecipient(input.channel, input.recipient);
    const [row] = await db
      .select({ id: verificationCodes.id, codeHash: verificationCodes.codeHash })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.recipient, recipient), eq(verificationCodes.action, input.action), eq(verificationCodes.channel, input.channel), live))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    if (!row) throw badRequest(MSG_CODE_INVALID);
    const hash = hashCode(recipient, input.action, input.code);
    if (row.codeHash !== hash) {
      await db.update(verificationCodes).set({ attempts: sql`${verificationCodes.attempts} + 1` }).where(and(eq(verificationCodes.id, row.id), live));
      throw badRequest(MSG_CODE_INVALID);
    }
    matched.push({ id: row.id, hash });
  }
  await db.transaction(async (tx) => {
    for (const { id, hash } of matched) {
      const used = await tx.update(verificationCodes).set({ consumedAt: now }).where(and(eq(verificationCodes.id, id), eq(verificationCodes.codeHash, hash), live));
      if (affectedRowCount(used) !== 1) throw badRequest(MSG_CODE_INVALID);
    }
  });
}
