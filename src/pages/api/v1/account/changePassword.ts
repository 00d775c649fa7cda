/**
 * POST /api/v1/account/changePassword (Bearer, signed like every password call: docs/sign-in-api.md
 * "Request signing") — body `{ password, old_password?, code? }`, both passwords RSA-encrypted with
 * the challenge (spec §5 "Passwords are RSA-encrypted") → `{ revoked_sessions }`. Proof is the old
 * password or a 'verify' SMS code to the bound phone (POST account/sendVerifyCode), or neither within
 * the session's re-authentication window (else 403 code CODE_REAUTH_REQUIRED); every other
 * device is signed out, this one stays signed in. 400 原密码错误, 429 after five wrong ones.
 *
 * A handler of its own, not `serve`: the signature covers the exact text of the body, which
 * readSignedJson keeps and serve's JSON reading does not.
 */
import { requireUser, decryptPassword, MSG_BAD_SIGNATURE, verifySignedRequest } from '~/features/sign-in/server';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readSignedJson } from '~/platform/http/http';
import { changePassword } from '~/features/account/server';
import { changePasswordBodySchema } from '~/features/account/wire';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  const { text, data } = await readSignedJson(ctx.request, changePasswordBodySchema);
  const challenge = await verifySignedRequest(ctx.db, ctx.request.headers, text, now);
  const newPassword = await decryptPassword(ctx.db, challenge, data.password, now);
  const oldPassword = data.old_password ? await decryptPassword(ctx.db, challenge, data.old_password, now) : null;
  if (newPassword === null || (data.old_password && oldPassword === null)) {
    throw badRequest(MSG_BAD_SIGNATURE, { cause: new Error('password ciphertext does not decrypt under this challenge') });
  }
  return ok(await changePassword(ctx.db, userId, tokenId, { oldPassword, code: data.code, newPassword }, now));
});

export const ALL = allowOnly('POST');
