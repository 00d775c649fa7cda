/**
 * The account's routes with their schemas (routes.ts declares them; the endpoints serve them
 * through platform/http/serve.ts and tests read the answer schemas). The answer types of the
 * contract (contract/footprints.ts, contract/deactivation.ts, the profile of
 * contract/account-settings.ts) are these schemas' outputs; 账号设置's request schemas stay in
 * contract/account-settings.ts, which its forms share.
 */
import { z } from 'zod';
import { ACCOUNT_ROUTES } from '~/features/account/routes';
import type { CreditFactorKey } from '~/features/account/rules/credit';
import { DEACTIVATION_MSG, type DeactivationBlockerKey } from '~/features/account/rules/deactivation';
import { listingCardSchema } from '~/features/catalog/wire';
import { FOOTPRINT_PAGE_SIZE_MAX } from '~/features/account/constants';
import { changeEmailBodySchema, changePhoneBodySchema, payPasswordBodySchema, profileBodySchema, sendEmailBindCodeBodySchema, sendVerifyCodeBodySchema, signOutDeviceBodySchema, unbindBodySchema } from '~/features/account/contract/account-settings';
import { PASSWORD_REQUIRED, SMS_CODE_INVALID, SMS_CODE_REQUIRED, loginBySmsSchema, realNameSchema, validateSmsCode } from '~/platform/rules/validation';
import { bodyIdSchema, optionalQuery, pageSchema, queryIdSchema, queryIntSchema } from '~/platform/wire/common';
import { wire } from '~/platform/wire/wired-route';

// ---------------------------------------------------------------------------------------------
// requests

/** A route that takes nothing: a GET's query and a POST's body are ignored, as they always were. */
const noInputSchema = z.object({});

/** GET account/footprints: page ≥ 1, page_size 1-50 (defaults are the service's). */
export const footprintsQuerySchema = z.object({
  page: optionalQuery(queryIdSchema),
  page_size: optionalQuery(queryIntSchema(1, FOOTPRINT_PAGE_SIZE_MAX)),
});

/** POST account/footprintDelete: one footprint by its id. */
export const footprintDeleteBodySchema = z.object({ id: bodyIdSchema });

/** POST account/deactivationStart: the SMS code and the consent to give up the balance. */
export const deactivationStartBodySchema = z.object({
  code: z.string().regex(/^\d{6}$/, '请输入6位验证码'),
  /** The user ticked "give up my balance"; required only when there is one. */
  forfeit_balance: z.boolean().default(false),
});
export type StartDeactivationInput = z.output<typeof deactivationStartBodySchema>;

/** users.real_name is varchar(32). */
const REAL_NAME_MAX_LENGTH = 32;

/** POST account/realName: the name and the ID number, checked as the real-name form checks them. */
export const realNameBodySchema = z.object({
  name: realNameSchema.shape.real_name.max(REAL_NAME_MAX_LENGTH),
  id_number: realNameSchema.shape.id_number,
});

/** POST account/bindPhone: the phone and its 'bind' SMS code, as the SMS sign-in reads them. */
export const bindPhoneBodySchema = z.object({
  mobile: loginBySmsSchema.shape.mobile,
  code: loginBySmsSchema.shape.sms_code,
});

/** A 2048-bit ciphertext is 344 base64 characters. */
const ciphertext = () => z.string().max(1024).regex(/^[A-Za-z0-9+/]+={0,2}$/, PASSWORD_REQUIRED);

/**
 * POST account/changePassword, both passwords RSA-encrypted with the challenge. Its endpoint stays
 * a handler of its own and reads the body with this: the signature covers the exact text sent,
 * which serve's JSON reading does not keep.
 */
export const changePasswordBodySchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).pipe(ciphertext()),
  old_password: ciphertext().nullish(),
  code: z
    .string({ error: SMS_CODE_REQUIRED })
    .refine((value) => validateSmsCode(value) === null, SMS_CODE_INVALID)
    .nullish(),
});

/**
 * POST account/verifyIdentity: the login password RSA-encrypted with the challenge, or a 'verify'
 * SMS code to the bound phone. Signed like changePassword, so its endpoint reads the body itself.
 */
export const verifyIdentityBodySchema = z.object({
  password: ciphertext().nullish(),
  code: z
    .string({ error: SMS_CODE_REQUIRED })
    .refine((value) => validateSmsCode(value) === null, SMS_CODE_INVALID)
    .nullish(),
});

/** When this session's window closes, ISO 8601. */
export const verifyIdentityAnswerSchema = z.strictObject({ verified_until: z.string() });

// ---------------------------------------------------------------------------------------------
// answers

/** One footprint: a listing viewed on a Shanghai day, with the latest view of that day. */
export const footprintItemSchema = z.strictObject({
  id: z.number().int().positive(),
  /** 'YYYY-MM-DD', Asia/Shanghai. */
  viewed_day: z.string(),
  /** ISO instant of the day's latest view. */
  viewed_at: z.string(),
  listing: listingCardSchema,
});

/** Newest view first. */
export const footprintPageSchema = pageSchema(footprintItemSchema);

/** How many footprints went (1 for one, any number for all). */
export const footprintClearResultSchema = z.strictObject({ deleted: z.number().int().nonnegative() });

const creditFactorKeys = ['completed_rentals', 'upheld_complaints', 'cancellations'] as const satisfies readonly CreditFactorKey[];

/**
 * The credit score (rules/credit.ts CreditScore, which the rule computes; `wire` checks this
 * schema's output against it).
 */
export const creditScoreSchema = z.strictObject({
  score: z.number().int(),
  level: z.string(),
  base: z.number().int(),
  factors: z.array(
    z.strictObject({
      key: z.enum(creditFactorKeys),
      label: z.string(),
      count: z.number().int().nonnegative(),
      /** Negative: takes away. */
      points: z.number().int(),
      rule: z.string(),
    }),
  ),
});

const blockerKeys = Object.keys(DEACTIVATION_MSG) as [DeactivationBlockerKey, ...DeactivationBlockerKey[]];

/** What stands in the way of deregistering, the sentence the page shows and where to resolve it. */
export const deactivationBlockerSchema = z.strictObject({ key: z.enum(blockerKeys), msg: z.string(), href: z.string() });

/** The latest deregistration request, if any; the times are ISO 8601. */
export const deactivationStatusSchema = z.strictObject({
  state: z.enum(['none', 'pending', 'cancelled', 'completed']),
  started_at: z.string().nullable(),
  cools_until: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});

export const deactivationCheckSchema = z.strictObject({
  /** A balance alone does not make it false: the form resolves it with the consent box. */
  ok: z.boolean(),
  blockers: z.array(deactivationBlockerSchema),
  balance_fen: z.number().int().nonnegative(),
  frozen_fen: z.number().int().nonnegative(),
  /** Masked phone the code goes to, null without one. */
  mobile_masked: z.string().nullable(),
  cooling_off_days: z.number().int().positive(),
  status: deactivationStatusSchema,
});

/** Seconds until the next code may be asked for. */
export const deactivationSmsResultSchema = z.strictObject({ resend_after: z.number().int().nonnegative() });

const rowId = z.number().int().positive();
/** ISO 8601. */
const isoTime = z.string();

/** spec §3 user info: the profile as GET common/userInfo answers it. */
export const userInfoSchema = z.strictObject({
  id: rowId,
  username: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  /** Masked as 138****0000; the full number is never sent. */
  mobile: z.string().nullable(),
  is_real_name: z.boolean(),
  /** False for accounts made by SMS code or third-party login, which have no password yet. */
  has_password: z.boolean(),
  /** The verified real name, masked as 张*三 / 李*; null before verification. */
  real_name: z.string().nullable(),
  /** Masked as a***@example.com; null when no address is set. */
  email: z.string().nullable(),
  /** Whether the password can be reset by email (/rstpwd). */
  has_email: z.boolean(),
  /** Whether withdrawals ask for a pay password (账号设置). */
  has_pay_password: z.boolean(),
  created_at: isoTime,
});

const revokedSessionsSchema = z.strictObject({ revoked_sessions: z.number().int().nonnegative() });

/** Seconds until the next code may be asked for. */
const sendCodeResultSchema = z.strictObject({ resend_after: z.number().int().nonnegative() });

const devicesSchema = z.strictObject({
  list: z.array(
    z.strictObject({
      id: rowId,
      user_agent: z.string().nullable(),
      created_at: isoTime,
      last_used_at: isoTime.nullable(),
      expires_at: isoTime,
      /** The token this request came with. */
      current: z.boolean(),
    }),
  ),
});

const bindingsSchema = z.strictObject({
  list: z.array(z.strictObject({ provider: z.enum(['wechat', 'qq']), name: z.string(), bound: z.boolean(), bound_at: isoTime.nullable() })),
});

// ---------------------------------------------------------------------------------------------
// the routes, wired

export const ACCOUNT_WIRE = {
  footprints: wire(ACCOUNT_ROUTES.footprints, { input: footprintsQuerySchema, answer: footprintPageSchema }),
  deleteFootprint: wire(ACCOUNT_ROUTES.deleteFootprint, { input: footprintDeleteBodySchema, answer: footprintClearResultSchema }),
  // The browser sent `{}`; the server never read it.
  clearFootprints: wire(ACCOUNT_ROUTES.clearFootprints, { input: noInputSchema, answer: footprintClearResultSchema, body: 'none' }),
  credit: wire(ACCOUNT_ROUTES.credit, { input: noInputSchema, answer: creditScoreSchema }),
  deactivationCheck: wire(ACCOUNT_ROUTES.deactivationCheck, { input: noInputSchema, answer: deactivationCheckSchema }),
  // The browser sent `{}`; the code goes to the caller's own phone, so there is nothing to read.
  deactivationSms: wire(ACCOUNT_ROUTES.deactivationSms, { input: noInputSchema, answer: deactivationSmsResultSchema, body: 'none' }),
  deactivationStart: wire(ACCOUNT_ROUTES.deactivationStart, { input: deactivationStartBodySchema, answer: deactivationStatusSchema }),
  userInfo: wire(ACCOUNT_ROUTES.userInfo, { input: noInputSchema, answer: userInfoSchema }),
  updateProfile: wire(ACCOUNT_ROUTES.updateProfile, { input: profileBodySchema, answer: userInfoSchema }),
  realName: wire(ACCOUNT_ROUTES.realName, { input: realNameBodySchema, answer: z.strictObject({ is_real_name: z.literal(true), real_name: z.string() }) }),
  bindPhone: wire(ACCOUNT_ROUTES.bindPhone, { input: bindPhoneBodySchema, answer: userInfoSchema }),
  sendVerifyCode: wire(ACCOUNT_ROUTES.sendVerifyCode, { input: sendVerifyCodeBodySchema, answer: sendCodeResultSchema }),
  sendEmailCode: wire(ACCOUNT_ROUTES.sendEmailCode, { input: sendEmailBindCodeBodySchema, answer: sendCodeResultSchema }),
  changePhone: wire(ACCOUNT_ROUTES.changePhone, { input: changePhoneBodySchema, answer: userInfoSchema.extend(revokedSessionsSchema.shape) }),
  changeEmail: wire(ACCOUNT_ROUTES.changeEmail, { input: changeEmailBodySchema, answer: userInfoSchema }),
  setPayPassword: wire(ACCOUNT_ROUTES.setPayPassword, { input: payPasswordBodySchema, answer: z.strictObject({ has_pay_password: z.literal(true) }) }),
  devices: wire(ACCOUNT_ROUTES.devices, { input: noInputSchema, answer: devicesSchema }),
  signOutDevice: wire(ACCOUNT_ROUTES.signOutDevice, { input: signOutDeviceBodySchema, answer: z.null() }),
  // The browser sent `{}`; the server never read it.
  signOutEverywhere: wire(ACCOUNT_ROUTES.signOutEverywhere, { input: noInputSchema, answer: revokedSessionsSchema, body: 'none' }),
  bindings: wire(ACCOUNT_ROUTES.bindings, { input: noInputSchema, answer: bindingsSchema }),
  unbind: wire(ACCOUNT_ROUTES.unbind, { input: unbindBodySchema, answer: bindingsSchema }),
};
