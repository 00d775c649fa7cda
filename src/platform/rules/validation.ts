/**
 * Sign-in and real-name validation, spec §5. Each `validate*` function returns null when the
 * value is valid, else the message to show, copied character for character from the spec
 * (half-width "/" "," "!" and full-width 、《》 exactly as §5 writes them). The zod schemas at the
 * bottom are built from the same functions, so the forms and the server give the same message.
 *
 * - A blank value (empty or only whitespace) is "missing" and gets the required message. Nothing
 *   is trimmed otherwise: " 13800138000" is a malformed phone, not a valid one, so the form must
 *   send what it checked.
 * - "Letters" and "digits" are ASCII: a full-width ８ or a Chinese character is refused.
 * - Lengths count code points (an emoji is one character), as the form's counter shows them.
 * - One message is ours: the spec gives "max length 20" for the username/phone field but no text
 *   for it (see LOGIN_NAME_TOO_LONG).
 */
import { z } from 'zod';
import { ID_NUMBER_LENGTH, LOGIN_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from '~/platform/config/constants';
import { shanghaiClock } from '~/platform/rules/shanghai-time';

// ---------------------------------------------------------------------------------------------
// Messages (spec §5, verbatim)
// ---------------------------------------------------------------------------------------------

export const PHONE_REQUIRED = '请输入手机号码';
export const PHONE_INVALID = '请输入正确的手机号码';
export const LOGIN_NAME_REQUIRED = '请输入手机号/用户名';
/**
 * Not in the spec: §5 gives "max length 20" for the username/phone field but no message. Ours
 * names the field, so the server's toast reads on its own.
 */
export const LOGIN_NAME_TOO_LONG = `手机号/用户名最多${LOGIN_NAME_MAX_LENGTH}个字符`;
export const PASSWORD_REQUIRED = '请输入密码';
export const PASSWORD_INVALID = '密码由字母、数字、下划线组成,长度8-30位';
export const SMS_CODE_REQUIRED = '请输入验证码';
export const SMS_CODE_INVALID = '验证码只能为数字且长度为6';
/** Sending an SMS: one message for an empty and for a malformed phone (spec §5). */
export const SMS_PHONE_INVALID = '请检查手机号输入是否有误';
export const REAL_NAME_REQUIRED = '请输入真实姓名';
export const ID_NUMBER_REQUIRED = '请输入身份证号';
export const ID_NUMBER_INVALID = '请输入正确的身份证号';
/** The confirm shown when the login-agreement checkbox is not ticked; agreeing ticks it. */
export const AGREEMENT_CONFIRM_TEXT = '需同意并阅读《平台服务协议》和《隐私政策》!';

// ---------------------------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------------------------

/** §5 phone: 1, then 3-9, then nine digits. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** §5 password: 8-30 ASCII letters, digits or underscore. */
export const PASSWORD_PATTERN = new RegExp(`^[A-Za-z0-9_]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`);
/** §5 SMS code: exactly 6 digits. */
export const SMS_CODE_PATTERN = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);
/**
 * 18-digit resident ID (GB 11643-1999): a 6-digit area code (never starting with 0), an 8-digit
 * birth date YYYYMMDD, a 3-digit sequence and a check character 0-9 or X (x accepted).
 */
const ID_NUMBER_SHAPE = new RegExp(`^[1-9]\\d{${ID_NUMBER_LENGTH - 2}}[\\dXx]$`);
/** ISO 7064 MOD 11-2 weights 2^(17-i) mod 11 of the first 17 digits, and the check characters. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const ID_CHECK_CHARS = '10X98765432';
/**
 * Earliest birth year accepted. Not in the spec: the common 18-digit pattern allows 18xx/19xx/20xx,
 * and GB 11643's own example 440524188001010014 is born in 1880. Year 0001 is not plausible.
 */
const ID_MIN_BIRTH_YEAR = 1800;

const isBlank = (value: string): boolean => value.trim() === '';
const codePointLength = (value: string): number => [...value].length;

// ---------------------------------------------------------------------------------------------
// Field validators: null when valid, else the message
// ---------------------------------------------------------------------------------------------

/** Phone field (phone login, register, bind): 请输入手机号码 when blank, 请输入正确的手机号码 when malformed. */
export function validatePhone(value: string): string | null {
  if (isBlank(value)) return PHONE_REQUIRED;
  return PHONE_PATTERN.test(value) ? null : PHONE_INVALID;
}

/** Before sending an SMS: any phone that is not valid, blank included, is 请检查手机号输入是否有误. */
export function validatePhoneForSms(value: string): string | null {
  return validatePhone(value) === null ? null : SMS_PHONE_INVALID;
}

/** Username/phone field of the password login: required, at most 20 characters. */
export function validateLoginName(value: string): string | null {
  if (isBlank(value)) return LOGIN_NAME_REQUIRED;
  return codePointLength(value) > LOGIN_NAME_MAX_LENGTH ? LOGIN_NAME_TOO_LONG : null;
}

/** Password: required, 8-30 letters, digits or underscore. */
export function validatePassword(value: string): string | null {
  if (isBlank(value)) return PASSWORD_REQUIRED;
  return PASSWORD_PATTERN.test(value) ? null : PASSWORD_INVALID;
}

/** SMS code: required, exactly 6 digits. */
export function validateSmsCode(value: string): string | null {
  if (isBlank(value)) return SMS_CODE_REQUIRED;
  return SMS_CODE_PATTERN.test(value) ? null : SMS_CODE_INVALID;
}

/** Real name: required (the spec sets no other rule). */
export function validateRealName(value: string): string | null {
  return isBlank(value) ? REAL_NAME_REQUIRED : null;
}

/** The GB 11643 check character ('0'-'9' or 'X') of the first 17 digits of an ID number. */
export function idNumberCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError(`身份证号前17位应为数字: "${first17}"`);
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/**
 * Whether YYYYMMDD is a real calendar day from ID_MIN_BIRTH_YEAR up to today in Shanghai (a birth
 * date is a Chinese calendar date; someone born today may register).
 */
function isPlausibleBirthDate(yyyymmdd: string, now: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < ID_MIN_BIRTH_YEAR || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const today = shanghaiClock(now);
  return year * 10_000 + month * 100 + day <= today.year * 10_000 + today.month * 100 + today.day;
}

/**
 * ID number: required; an 18-character resident ID whose birth date is a real day not after
 * today (Shanghai) and whose check character matches the ISO 7064 MOD 11-2 checksum (x = X).
 */
export function validateIdNumber(value: string, now: Date): string | null {
  if (isBlank(value)) return ID_NUMBER_REQUIRED;
  if (!ID_NUMBER_SHAPE.test(value)) return ID_NUMBER_INVALID;
  if (!isPlausibleBirthDate(value.slice(6, 14), now)) return ID_NUMBER_INVALID;
  return idNumberCheckChar(value.slice(0, 17)) === value[17]!.toUpperCase() ? null : ID_NUMBER_INVALID;
}

/** Login-agreement checkbox: null when ticked, else the confirm text to show (agreeing ticks it). */
export function validateAgreement(agreed: boolean): string | null {
  return agreed ? null : AGREEMENT_CONFIRM_TEXT;
}

// ---------------------------------------------------------------------------------------------
// zod schemas: the same validators, for the server and the forms
// ---------------------------------------------------------------------------------------------
//
// Every issue carries the §5 message itself, so the server's chineseErrorMap keeps it untouched
// (a schema message outranks the per-parse map). A field that is absent or null gets the required
// message; one of the wrong type (a number for a phone) gets the format message. Unknown keys are
// stripped, so callers extend these objects with their own fields (verify_key, fingerprint ...).
// The password schemas check the plain password: the server applies them after RSA decryption.
// Each schema is built by a /* @__PURE__ */ call, so a bundler may drop the schemas an island
// does not use (not measured: no build was run for this change).

/** A string field checked by `validate`; absent/null → `required`, a non-string → `wrongType`. */
function stringField(validate: (value: string) => string | null, required: string, wrongType: string): z.ZodString {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrongType) })
    .superRefine((value, ctx) => {
      const message = validate(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });
}

const phoneField = (): z.ZodString => stringField(validatePhone, PHONE_REQUIRED, PHONE_INVALID);
const passwordField = (): z.ZodString => stringField(validatePassword, PASSWORD_REQUIRED, PASSWORD_INVALID);
const smsCodeField = (): z.ZodString => stringField(validateSmsCode, SMS_CODE_REQUIRED, SMS_CODE_INVALID);

type Strip = z.core.$strip;
export type LoginByPasswordSchema = z.ZodObject<{ username: z.ZodString; password: z.ZodString }, Strip>;
export type LoginBySmsSchema = z.ZodObject<{ mobile: z.ZodString; sms_code: z.ZodString }, Strip>;
export type RegisterSchema = z.ZodObject<
  { mobile: z.ZodString; password: z.ZodString; sms_code: z.ZodString; invite_code: z.ZodOptional<z.ZodString> },
  Strip
>;
export type SendSmsSchema = z.ZodObject<{ mobile: z.ZodString }, Strip>;
export type RealNameSchema = z.ZodObject<{ real_name: z.ZodString; id_number: z.ZodString }, Strip>;

function buildLoginByPasswordSchema(): LoginByPasswordSchema {
  return z.object({
    username: stringField(validateLoginName, LOGIN_NAME_REQUIRED, LOGIN_NAME_REQUIRED),
    password: passwordField(),
  });
}

function buildLoginBySmsSchema(): LoginBySmsSchema {
  return z.object({ mobile: phoneField(), sms_code: smsCodeField() });
}

function buildRegisterSchema(): RegisterSchema {
  return z.object({
    mobile: phoneField(),
    password: passwordField(),
    sms_code: smsCodeField(),
    /** From the invite link or kept locally (spec §3); the spec sets no format. */
    invite_code: z.string().optional(),
  });
}

function buildSendSmsSchema(): SendSmsSchema {
  return z.object({ mobile: stringField(validatePhoneForSms, SMS_PHONE_INVALID, SMS_PHONE_INVALID) });
}

/** Real-name form checked against a clock; `realNameSchema` reads the real one at parse time. */
export function buildRealNameSchema(now: () => Date): RealNameSchema {
  return z.object({
    real_name: stringField(validateRealName, REAL_NAME_REQUIRED, REAL_NAME_REQUIRED),
    id_number: stringField((value) => validateIdNumber(value, now()), ID_NUMBER_REQUIRED, ID_NUMBER_INVALID),
  });
}

/** Username/phone + password login (`username` ≤ 20, password 8-30 of [A-Za-z0-9_]). */
export const loginByPasswordSchema = /* @__PURE__ */ buildLoginByPasswordSchema();
/** Phone + SMS code login. */
export const loginBySmsSchema = /* @__PURE__ */ buildLoginBySmsSchema();
/** Register: phone, password, SMS code, optional invite code. */
export const registerSchema = /* @__PURE__ */ buildRegisterSchema();
/** Send an SMS code: a valid phone, else 请检查手机号输入是否有误 (the captcha is checked apart). */
export const sendSmsSchema = /* @__PURE__ */ buildSendSmsSchema();
/**
 * Real name and ID number. The one rule schema that reads the clock (the ID's birth date may not
 * be in the future): a schema runs at the I/O boundary; tests use buildRealNameSchema(() => fixed).
 */
export const realNameSchema = /* @__PURE__ */ buildRealNameSchema(() => new Date());

export type LoginByPasswordInput = z.infer<typeof loginByPasswordSchema>;
export type LoginBySmsInput = z.infer<typeof loginBySmsSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
export type SendSmsInput = z.infer<typeof sendSmsSchema>;
export type RealNameInput = z.infer<typeof realNameSchema>;
