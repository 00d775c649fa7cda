/**
 * POST /api/v1/common/login (signed) — password login (spec §7 "POST login": username, encrypted
 * password, verify_key, fingerprint; headers X-Sign, X-Timestamp, X-Nonce-Str; §5 -410 rule).
 * Answers the token answer of docs/sign-in-api.md.
 *
 * Kept on handle(): X-Sign covers the exact body text, which serve() does not keep.
 */
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, readSignedJson } from '~/platform/http/http';
import { loginWithPassword, verifySignedRequest } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const POST = handle(async ({ request, astro, db }) => {
  const now = new Date();
  const { text, data } = await readSignedJson(request, SIGN_IN_WIRE.login.input);
  const challenge = await verifySignedRequest(db, request.headers, text, now);
  const answer = await loginWithPassword(
    db,
    {
      username: data.username,
      passwordCiphertext: data.password,
      verifyKey: data.verify_key,
      fingerprint: data.fingerprint,
      challenge,
      ip: clientIp(astro),
      userAgent: request.headers.get('user-agent'),
    },
    now,
  );
  return ok(answer);
});

export const ALL = allowOnly('POST');
