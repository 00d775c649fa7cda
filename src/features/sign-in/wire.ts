/**
 * The sign-in routes with their schemas (routes.ts declares them; the endpoints serve them through
 * platform/http/serve.ts and tests read the answer schemas). The request bodies keep the §5
 * messages of src/platform/rules/validation.ts.
 *
 * The four signed calls (login, register, resetPassword, resetPasswordByEmail) are wired too, but
 * their endpoints keep `handle()`: X-Sign covers the exact body text, which only readSignedJson
 * keeps, so they read their body with these schemas themselves.
 */
import { z } from 'zod';
import { CAPTCHA_ACTIONS, CODE_ACTIONS } from '~/features/sign-in/contract';
import { ALIYUN_VERIFY_PARAM_MAX_LENGTH } from '~/features/sign-in/constants';
import { APP_QR_STATUSES, QR_PLATFORMS, QR_STATES } from '~/features/sign-in/rules/qr-login';
import { SIGN_IN_ROUTES } from '~/features/sign-in/routes';
import { withReason } from '~/platform/http/errors';
import {
  LOGIN_NAME_REQUIRED,
  PASSWORD_REQUIRED,
  PHONE_INVALID,
  PHONE_REQUIRED,
  SMS_CODE_INVALID,
  SMS_CODE_REQUIRED,
  loginBySmsSchema,
  sendSmsSchema,
  validateLoginName,
  validatePhone,
  validateSmsCode,
} from '~/platform/rules/validation';
import { wire } from '~/platform/wire/wired-route';
import { userInfoSchema } from '~/features/account/wire';

/** Not in the spec (no email field there): ours, for the /rstpwd email form. */
export const EMAIL_REQUIRED = '请输入邮箱';
export const EMAIL_INVALID = '请输入正确的邮箱地址';

/** spec §8 获取浏览器指纹失败: a missing or unusable fingerprint (the app QR body, the QQ init header). */
export const MSG_FINGERPRINT_MISSING = '获取浏览器指纹失败';

/** Longest base64 accepted in a password field (a 2048-bit ciphertext is 344 characters). */
const PASSWORD_CIPHERTEXT_MAX_LENGTH = 1024;
const BASE64_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;
const FINGERPRINT_MAX_LENGTH = 128;
/** users.email is varchar(254), the longest address SMTP carries. */
const EMAIL_MAX_LENGTH = 254;

// ---------------------------------------------------------------------------------------------
// signed request bodies

/** A string checked by a §5 validator; absent/null → `required`, a non-string → `wrongType`. */
function specField(validate: (value: string) => string | null, required: string, wrongType: string): z.ZodString {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : wrongType) })
    .superRefine((value, ctx) => {
      const message = validate(value);
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });
}

/** base64(RSA-OAEP ciphertext); what is inside is only known after decryption. */
const encryptedPasswordField = (): z.ZodString =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? PASSWORD_REQUIRED : undefined) })
    .min(1, PASSWORD_REQUIRED)
    .max(PASSWORD_CIPHERTEXT_MAX_LENGTH)
    .regex(BASE64_SHAPE, { error: withReason('应为 Base64 编码') });

const fingerprintField = () => z.string().max(FINGERPRINT_MAX_LENGTH).optional();
const phoneField = () => specField(validatePhone, PHONE_REQUIRED, PHONE_INVALID);
const codeField = () => specField(validateSmsCode, SMS_CODE_REQUIRED, SMS_CODE_INVALID);

/** POST common/login. */
export const passwordLoginBodySchema = z.object({
  username: specField(validateLoginName, LOGIN_NAME_REQUIRED, LOGIN_NAME_REQUIRED),
  password: encryptedPasswordField(),
  verify_key: z.string().max(64).nullish(),
  fingerprint: fingerprintField(),
});

/** POST common/register. */
export const registerBodySchema = z.object({
  mobile: phoneField(),
  password: encryptedPasswordField(),
  code: codeField(),
  invite: z.string().max(32).nullish(),
  fingerprint: fingerprintField(),
});

/** POST common/resetPassword. */
export const resetPasswordBodySchema = z.object({
  mobile: phoneField(),
  code: codeField(),
  password: encryptedPasswordField(),
});

/** POST common/resetPasswordByEmail. */
export const resetPasswordByEmailBodySchema = z.object({
  email: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? EMAIL_REQUIRED : EMAIL_INVALID) })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(EMAIL_MAX_LENGTH, EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID))
    .transform((email) => email.toLowerCase()),
  code: codeField(),
  password: encryptedPasswordField(),
});

// ---------------------------------------------------------------------------------------------
// the other requests

/** Nothing: the query of a GET that takes none is ignored, a POST's body is not read. */
const noInputSchema = z.object({});

/** POST common/mobileLogin. */
export const mobileLoginBodySchema = z.object({ mobile: loginBySmsSchema.shape.mobile, code: loginBySmsSchema.shape.sms_code });

/** POST common/bindPhone. */
export const bindPhoneBodySchema = z.object({
  temp_token: z.string().nullish(),
  mobile: loginBySmsSchema.shape.mobile,
  code: loginBySmsSchema.shape.sms_code,
});

/** POST common/sendSms. */
export const sendSmsBodySchema = z.object({
  mobile: sendSmsSchema.shape.mobile,
  // Absent, unknown, used or for another web_action: all the same 请先完成滑块验证.
  verify_key: z.string().nullish(),
  // 'verify' (POST account/sendVerifyCode) and 'deactivate' (account/deactivationSms) codes go only
  // to the signed-in user's own phone.
  action: z.enum(CODE_ACTIONS).exclude(['verify', 'deactivate']),
});

/** POST common/sendEmailCode. */
export const sendEmailCodeBodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX_LENGTH).pipe(z.email()),
  verify_key: z.string().nullish(),
});

/**
 * POST common/captcha/verify: the slider's x, the ALTCHA widget's payload or the Aliyun widget's
 * captchaVerifyParam (exactly one). One object rather than a union, so that a bad field is named
 * in the 400.
 */
export const captchaVerifyBodySchema = z
  .object({
    captcha_id: z.string().min(1).max(32),
    x: z.number().min(0).max(1000).optional(),
    altcha: z.string().min(1).max(4096).optional(),
    aliyun: z.string().min(1).max(ALIYUN_VERIFY_PARAM_MAX_LENGTH).optional(),
    web_action: z.enum(CAPTCHA_ACTIONS),
  })
  .refine((body) => [body.x, body.altcha, body.aliyun].filter((value) => value !== undefined).length === 1, {
    message: 'x、altcha 与 aliyun 须且只须提供一个',
    path: ['x'],
  })
  .transform(({ captcha_id, x, altcha, aliyun, web_action }) =>
    altcha !== undefined ? { captcha_id, altcha, web_action } : aliyun !== undefined ? { captcha_id, aliyun, web_action } : { captcha_id, x: x!, web_action },
  );

/** POST qr/scan, qr/cancel, qr/app/confirm: the code the QR carries. */
const scanCodeBodySchema = z.object({ scan_code: z.string().min(1) });

/** POST qr/sandbox/confirm. */
export const sandboxConfirmBodySchema = z.object({ scan_code: z.string().min(1), identity: z.enum(['new', 'demo']) });

/** POST qr/app/generate. */
export const appGenerateBodySchema = z.object({
  fingerprint: z.string({ error: MSG_FINGERPRINT_MISSING }).trim().min(1, { error: MSG_FINGERPRINT_MISSING }).max(128, { error: MSG_FINGERPRINT_MISSING }),
});

/** GET qr/wechat/status, qr/qq/status. */
const sessionIdQuerySchema = z.object({ sessionId: z.string().min(1) });
/** GET qr/app/status, qr/app/token. */
const qrTokenQuerySchema = z.object({ qr_token: z.string().min(1) });

/**
 * GET qr/<wechat|qq>/callback?code&state. Not a route: the provider sends a person's browser there
 * and the answer is a small HTML page, so the endpoints keep `handle()` and read their query with it.
 */
export const thirdPartyCallbackQuerySchema = z.object({
  // Both providers add more (WeChat nothing else, QQ sometimes usercancel/msg); only these count.
  code: z.string().min(1).max(512).optional(),
  state: z.string().max(128).default(''),
});

// ---------------------------------------------------------------------------------------------
// answers

/** spec §3 token info. */
export const sessionTokenSchema = z.strictObject({ token: z.string(), expires_time: z.number() });

/** The profile of a token answer: the same profile GET common/userInfo answers (spec §3 user info). */
export const signInUserSchema = userInfoSchema;

/** docs/sign-in-api.md "Token answer". */
export const signInAnswerSchema = z.strictObject({ token: sessionTokenSchema, is_new_user: z.boolean(), user: signInUserSchema });

const signChallengeSchema = z.strictObject({
  public_key: z.string(),
  key_id: z.string(),
  sign: z.string(),
  timestamp: z.number().int(),
  nonce_str: z.string(),
});

const captchaPuzzleSchema = z.strictObject({
  captcha_id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  piece_size: z.number().int(),
  piece_y: z.number().int(),
  image: z.string(),
  piece: z.string(),
});

const altchaCaptchaSchema = z.strictObject({
  kind: z.literal('altcha'),
  captcha_id: z.string(),
  challenge: z.strictObject({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }),
});

const aliyunCaptchaSchema = z.strictObject({
  kind: z.literal('aliyun'),
  captcha_id: z.string(),
  scene_id: z.string(),
  prefix: z.string(),
  region: z.string(),
  script_url: z.string(),
});

const codeSentSchema = z.strictObject({ resend_after: z.number().int().nonnegative() });

/** A WeChat/QQ init's extra link: authorize_url with a live provider, sandbox_scan_url outside production. */
const scanLinks = { sandbox_scan_url: z.string().optional(), authorize_url: z.string().optional() };

const wechatInitSchema = z.strictObject({ session_id: z.string(), qrcode_url: z.string(), ...scanLinks });
const qqInitSchema = z.strictObject({ qrImage: z.string(), sessionId: z.string(), ...scanLinks });

const wechatStatusSchema = z.union([
  z.strictObject({ status: z.enum(['pending', 'success', 'cancelled', 'expired', 'error']) }),
  z.strictObject({ status: z.literal('success'), token: signInAnswerSchema }),
  z.strictObject({ status: z.literal('success'), register: z.literal(true), temp_token: z.string() }),
]);

const qqStatusSchema = z.union([
  z.strictObject({ resultStatus: z.number().int() }),
  z.strictObject({ resultStatus: z.number().int(), resultToken: signInAnswerSchema }),
  z.strictObject({ resultStatus: z.number().int(), temp_token: z.string() }),
]);

const appGenerateSchema = z.strictObject({ qr_content: z.string(), qr_token: z.string(), qr_image: z.string(), sandbox_scan_url: z.string().optional() });

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const SIGN_IN_WIRE = {
  getSign: wire(SIGN_IN_ROUTES.getSign, { input: noInputSchema, answer: signChallengeSchema }),
  login: wire(SIGN_IN_ROUTES.login, { input: passwordLoginBodySchema, answer: signInAnswerSchema }),
  register: wire(SIGN_IN_ROUTES.register, { input: registerBodySchema, answer: signInAnswerSchema }),
  resetPassword: wire(SIGN_IN_ROUTES.resetPassword, { input: resetPasswordBodySchema, answer: z.null() }),
  resetPasswordByEmail: wire(SIGN_IN_ROUTES.resetPasswordByEmail, { input: resetPasswordByEmailBodySchema, answer: z.null() }),
  mobileLogin: wire(SIGN_IN_ROUTES.mobileLogin, { input: mobileLoginBodySchema, answer: signInAnswerSchema }),
  sendSms: wire(SIGN_IN_ROUTES.sendSms, { input: sendSmsBodySchema, answer: codeSentSchema }),
  sendEmailCode: wire(SIGN_IN_ROUTES.sendEmailCode, { input: sendEmailCodeBodySchema, answer: codeSentSchema }),
  bindPhone: wire(SIGN_IN_ROUTES.bindPhone, { input: bindPhoneBodySchema, answer: signInAnswerSchema }),
  // spec §7 "POST logout": empty body, not read.
  logout: wire(SIGN_IN_ROUTES.logout, { input: noInputSchema, answer: z.null(), body: 'none' }),
  // The body is not read: a puzzle takes no options.
  captcha: wire(SIGN_IN_ROUTES.captcha, { input: noInputSchema, answer: z.union([captchaPuzzleSchema, altchaCaptchaSchema, aliyunCaptchaSchema]), body: 'none' }),
  verifyCaptcha: wire(SIGN_IN_ROUTES.verifyCaptcha, { input: captchaVerifyBodySchema, answer: z.strictObject({ verify_key: z.string() }) }),

  wechatInit: wire(SIGN_IN_ROUTES.wechatInit, { input: noInputSchema, answer: wechatInitSchema }),
  wechatStatus: wire(SIGN_IN_ROUTES.wechatStatus, { input: sessionIdQuerySchema, answer: wechatStatusSchema }),
  qqInit: wire(SIGN_IN_ROUTES.qqInit, { input: noInputSchema, answer: qqInitSchema }),
  qqStatus: wire(SIGN_IN_ROUTES.qqStatus, { input: sessionIdQuerySchema, answer: qqStatusSchema }),
  appGenerate: wire(SIGN_IN_ROUTES.appGenerate, { input: appGenerateBodySchema, answer: appGenerateSchema }),
  appStatus: wire(SIGN_IN_ROUTES.appStatus, { input: qrTokenQuerySchema, answer: z.strictObject({ status: z.enum(APP_QR_STATUSES) }) }),
  appToken: wire(SIGN_IN_ROUTES.appToken, { input: qrTokenQuerySchema, answer: z.union([signInAnswerSchema, z.strictObject({ temp_token: z.string() })]) }),
  appConfirm: wire(SIGN_IN_ROUTES.appConfirm, { input: scanCodeBodySchema, answer: z.strictObject({ status: z.literal('logined') }) }),
  scan: wire(SIGN_IN_ROUTES.scan, { input: scanCodeBodySchema, answer: z.strictObject({ platform: z.enum(QR_PLATFORMS), status: z.enum(QR_STATES) }) }),
  cancel: wire(SIGN_IN_ROUTES.cancel, { input: scanCodeBodySchema, answer: z.strictObject({ status: z.enum(QR_STATES) }) }),
  sandboxConfirm: wire(SIGN_IN_ROUTES.sandboxConfirm, { input: sandboxConfirmBodySchema, answer: z.strictObject({ status: z.literal('logined'), needs_bind: z.boolean() }) }),
};
