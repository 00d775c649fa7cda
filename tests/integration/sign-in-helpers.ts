/** What the browser does to a password before a signed sign-in call, for the integration tests. */
import { constants, publicEncrypt } from 'node:crypto';
import type { SignChallenge } from '~/features/sign-in/server/request-signing';

/**
 * The password as the sign-in page sends it: `{ password, challenge, ts }` encrypted with RSA-OAEP
 * (SHA-256) under the challenge's key. `overrides` lets a test bind it to another challenge or time.
 */
export function encryptPassword(challenge: SignChallenge, password: string, overrides: { challenge?: string; ts?: number } = {}): string {
  const json = JSON.stringify({ password, challenge: overrides.challenge ?? challenge.nonce_str, ts: overrides.ts ?? challenge.timestamp });
  return publicEncrypt({ key: challenge.public_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(json, 'utf8')).toString('base64');
}
