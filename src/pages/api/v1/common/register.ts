/**
 * POST /api/v1/common/register (signed) — a new account by phone, SMS code and password (spec §7
 * "POST register": mobile, encrypted password, code, optional invite; token at data.token.token).
 * Answers the token answer with is_new_user true.
 *
 * Kept on handle(): X-Sign covers the exact body text, which serve() does not keep.
 */
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, readSignedJson } from '~/platform/http/http';
import { registerWithPassword, verifySignedRequest } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const POST = handle(async ({ request, db, astro }) => {
  const now = new Date();
  const { text, data } = await readSignedJson(request, SIGN_IN_WIRE.register.input);
  const challenge = await verifySignedRequest(db, request.headers, text, now);
  const answer = await registerWithPassword(
    db,
    {
      mobile: data.mobile,
      passwordCiphertext: data.password,
      code: data.code,
      invite: data.invite,
      fingerprint: data.fingerprint,
      ip: clientIp(astro),
      challenge,
      userAgent: request.headers.get('user-agent'),
    },
    now,
  );
  return ok(answer);
});

export const ALL = allowOnly('POST');
