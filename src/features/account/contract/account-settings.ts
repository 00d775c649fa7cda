/**
 * The account area's wire contract (个人中心 / 账号设置; docs/account-api.md): the bodies
 * the endpoints accept and the islands send, with the same Chinese messages on both sides.
 */
import { z } from 'zod';
import {
  NICKNAME_REQUIRED,
  PAY_PASSWORD_INVALID,
  PAY_PASSWORD_REQUIRED,
  validateNickname,
} from '~/features/account/rules/account-settings';
import { PHONE_INVALID, PHONE_REQUIRED, SMS_CODE_INVALID, SMS_CODE_REQUIRED, validatePhone, validateSmsCode } from '~/platform/rules/validation';
import { bodyIdSchema } from '~/platform/wire/common';
import type { userInfoSchema } from '~/features/account/wire';

/** users.email is varchar(254), the longest address SMTP carries. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_REQUIRED_MSG = '请输入邮箱';
export const EMAIL_INVALID_MSG = '请输入正确的邮箱地址';
/** Upload URLs (uploads.ts) are short; anything longer is not ours. */
const AVATAR_URL_MAX_LENGTH = 200;

/** A string checked by a validator: absent/null → `required`, a non-string → `wrongType`. */
function checked(validate: (value: string) => string | null, required: string, wrongType: string = required): z.ZodString {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrongType) })
    .superRefine((value, ctx) => {
      const message = validate(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });
}

const codeField = () => checked(validateSmsCode, SMS_CODE_REQUIRED, SMS_CODE_INVALID);
const optionalCode = () => codeField().nullish();
export const emailField = () =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? EMAIL_REQUIRED_MSG : EMAIL_INVALID_MSG) })
    .trim()
    .min(1, EMAIL_REQUIRED_MSG)
    .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MSG)
    .pipe(z.email(EMAIL_INVALID_MSG))
    .transform((email) => email.toLowerCase());
const payPasswordField = () =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? PAY_PASSWORD_REQUIRED : PAY_PASSWORD_INVALID) }).max(32, PAY_PASSWORD_INVALID);

/** POST account/profile: either or both. */
export const profileBodySchema = z.object({
  nickname: checked(validateNickname, NICKNAME_REQUIRED).optional(),
  avatar: z.union([bodyIdSchema, z.string().max(AVATAR_URL_MAX_LENGTH)]).optional(),
});

/** POST account/sendVerifyCode: a code to the user's own bound phone (sms) or email. */
export const sendVerifyCodeBodySchema = z.object({
  channel: z.enum(['sms', 'email']),
  verify_key: z.string().max(64).nullish(),
});

/** POST account/sendEmailCode: a bind code to a new address. */
export const sendEmailBindCodeBodySchema = z.object({
  email: emailField(),
  verify_key: z.string().max(64).nullish(),
});

/** POST account/changePhone. */
export const changePhoneBodySchema = z.object({
  old_code: optionalCode(),
  mobile: checked(validatePhone, PHONE_REQUIRED, PHONE_INVALID),
  code: codeField(),
});

/** POST account/changeEmail. */
export const changeEmailBodySchema = z.object({
  old_code: optionalCode(),
  email: emailField(),
  code: codeField(),
});

/** POST account/payPassword. */
export const payPasswordBodySchema = z.object({
  pay_password: payPasswordField(),
  old_pay_password: payPasswordField().nullish(),
  code: optionalCode(),
});

/** POST account/signOutDevice. */
export const signOutDeviceBodySchema = z.object({ id: bodyIdSchema });

/** POST account/unbind. */
export const unbindBodySchema = z.object({ provider: z.enum(['wechat', 'qq'], { error: '不支持的第三方账号' }) });

export interface SignedInDevice {
  id: number;
  user_agent: string | null;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
  current: boolean;
}

export interface ThirdPartyBinding {
  provider: 'wechat' | 'qq';
  name: string;
  bound: boolean;
  bound_at: string | null;
}

/** The signed-in user's profile (spec §3 user info), the output of its answer schema in wire.ts. */
export type AccountProfile = z.output<typeof userInfoSchema>;
