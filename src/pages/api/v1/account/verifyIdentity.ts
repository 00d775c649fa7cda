/**
 * POST /api/v1/account/verifyIdentity (Bearer, signed like every password call: docs/sign-in-api.md
 * "Request signing") — body `{ password }` (RSA-encrypted with the challenge) or `{ code }` (a
 * 'verify' SMS code to the bound phone, POST account/sendVerifyCode) → `{ verified_until }`. Opens
 * this session's re-authentication window (docs/decisions.md "Re-authentication window"), which the
 * password, phone, email, pay-password and payout-account changes ask for (403 code
 * CODE_REAUTH_REQUIRED without it). 400 登录密码错误，请重新输入 / 验证码错误或已过期; 429 after five
 * wrong tries in 15 minutes.
 *
 * A handler of its own, not `serve`: the signature covers the exact text of the body.
 */
import { requireUser, decryptPassword, MSG_BAD_SIGNATURE, verifySignedRequest } from '~/features/sign-in/server';
import { badRequest } from '~/platform/http/errors';
import { allowOnly, handle, ok, readSignedJson } from '~/platform/http/http';
import { verifyIdentity } from '~/features/account/server';
import { verifyIdentityBodySchema } from '~/features/account/wire';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId, tokenId } = await requireUser(ctx, now);
  const { text, data } = await readSignedJson(ctx.request, verifyIdentityBodySchema);
  const challenge = await verifySignedRequest(ctx.db, ctx.request.headers, text, now);
  const password = data.password ? await decryptPassword(ctx.db, challenge, data.password, now) : null;
  if (data.password && password === null) {
    throw badRequest(MSG_BAD_SIGNATURE, { cause: new Error('password ciphertext does not decrypt under this challenge') });
  }
  return ok(await verifyIdentity(ctx.db, userId, tokenId, { password, code: data.code }, now));
});

export const ALL = allowOnly('POST');
