/**
 * POST /api/v1/account/changePassword (Bearer, signed like every password call: docs/sign-in-api.md
 * "Request signing") — body `{ password, old_password?, code? }`, both passwords RSA-encrypted with
 * the challenge (spec §5 "Passwords are RSA-encrypted") → `{ revoked_sessions }`. Proof is the old
 * password or a 'verify' SMS code to the bound phone (POST account/sendVerifyCode); every other
 * device is signed out, this one stays signed in. 400 原密码错误, 429 after five wrong ones.
 */
import { z } from 'zod';
import { SMS_CODE_INVALID, SMS_CODE_REQUIRED, PASSWORD_REQUIRED, validateSmsCode } from '~/platform/rules/validation';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readSignedJson } from '~/platform/http/http';
import { changePassword } from '~/features/account/server/account-settings';
import { decryptPassword, MSG_BAD_SIGNATURE, verifySignedRequest } from '~/features/sign-in/server/request-signing';

/** A 2048-bit ciphertext is 344 base64 characters. */
const ciphertext = () => z.string().max(1024).regex(/^[A-Za-z0-9+/]+={0,2}$/, PASSWORD_REQUIRED);

const bodySchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).pipe(ciphertext()),
  old_password: ciphertext().nullish(),
  code: z
    .string({ error: SMS_CODE_REQUIRED })
    .refine((value) => validateSmsCode(value) === null, SMS_CODE_INVALID)
    .nullish(),
});

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  const { text, data } = await readSignedJson(ctx.request, bodySchema);
  const challenge = await verifySignedRequest(ctx.db, ctx.request.headers, text, now);
  const newPassword = await decryptPassword(ctx.db, challenge, data.password, now);
  const oldPassword = data.old_password ? await decryptPassword(ctx.db, challenge, data.old_password, now) : null;
  if (newPassword === null || (data.old_password && oldPassword === null)) {
    throw badRequest(MSG_BAD_SIGNATURE, { cause: new Error('password ciphertext does not decrypt under this challenge') });
  }
  return ok(await changePassword(ctx.db, userId, tokenId, { oldPassword, code: data.code, newPassword }, now));
});

export const ALL = allowOnly('POST');
