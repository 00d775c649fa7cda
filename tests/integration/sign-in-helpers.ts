/** What the browser does to a password before a signed sign-in call, for the integration tests. */
import { constants, publicEncrypt } from 'node:crypto';
import type { APIRoute } from 'astro';
import { computeRequestSignature, type SignChallenge } from '~/features/sign-in/server/request-signing';
import type { SignInAnswer } from '~/features/sign-in/server/sign-in';
import { GET as getSignRoute } from '~/pages/api/v1/common/getSign';
import { POST as loginRoute } from '~/pages/api/v1/common/login';
import type { CallOptions, CallResult } from './endpoint-call';

/**
 * The password as the sign-in page sends it: `{ password, challenge, ts }` encrypted with RSA-OAEP
 * (SHA-256) under the challenge's key. `overrides` lets a test bind it to another challenge or time.
 */
export function encryptPassword(challenge: SignChallenge, password: string, overrides: { challenge?: string; ts?: number } = {}): string {
  const json = JSON.stringify({ password, challenge: overrides.challenge ?? challenge.nonce_str, ts: overrides.ts ?? challenge.timestamp });
  return publicEncrypt({ key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(json, 'utf8')).toString('base64');
}

type Call = <T = unknown>(route: APIRoute, path: string, options?: CallOptions) => Promise<CallResult<T>>;

/**
 * A whole password sign-in as the login dialog makes it: a fresh challenge, the encrypted password,
 * the signed body; `verifyKey` when a captcha was solved (the -410 step).
 */
export async function signedPasswordLogin(call: Call, input: { username: string; password: string; fingerprint: string; verifyKey?: string }): Promise<CallResult<SignInAnswer>> {
  const sign = (await call<SignChallenge>(getSignRoute, '/api/v1/common/getSign')).body.data;
  const body: Record<string, unknown> = { username: input.username, password: encryptPassword(sign, input.password), fingerprint: input.fingerprint };
  if (input.verifyKey !== undefined) body['verify_key'] = input.verifyKey;
  const text = JSON.stringify(body);
  const headers = {
    'x-timestamp': String(sign.timestamp),
    'x-nonce-str': sign.nonce_str,
    'x-sign': computeRequestSignature(sign.sign, sign.timestamp, sign.nonce_str, text),
    'user-agent': 'vitest',
  };
  return call<SignInAnswer>(loginRoute, '/api/v1/common/login', { method: 'POST', headers, text });
}
