/**
 * POST /api/v1/common/resetPassword (signed) — a new password by SMS code (/rstpwd):
 * { mobile, code, password (encrypted) } → null; every token of the user is revoked.
 *
 * Kept on handle(): X-Sign covers the exact body text, which serve() does not keep.
 */
import { allowOnly, handle, ok, readSignedJson } from '~/platform/http/http';
import { resetPassword, verifySignedRequest } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const POST = handle(async ({ request, db }) => {
  const now = new Date();
  const { text, data } = await readSignedJson(request, SIGN_IN_WIRE.resetPassword.input);
  const challenge = await verifySignedRequest(db, request.headers, text, now);
  await resetPassword(db, { channel: 'sms', recipient: data.mobile, code: data.code, passwordCiphertext: data.password, challenge }, now);
  return ok(null);
});

export const ALL = allowOnly('POST');
