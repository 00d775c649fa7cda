/**
 * Request signing and password decryption (spec §7 getSign and the X-Sign, X-Timestamp,
 * X-Nonce-Str headers of login and register; docs/sign-in-api.md "Request signing and password
 * encryption").
 *
 * getSign hands out a challenge: the active RSA public key, a per-challenge HMAC key (`sign`), a
 * timestamp and a nonce. A signed POST proves it holds that challenge by signing
 * `timestamp \n nonce_str \n body` with `sign`; the nonce is burnt by one conditional UPDATE before
 * anything else is looked at, so a request, good or bad, can never be replayed. The password inside
 * is RSA-OAEP ciphertext of {password, challenge, ts}, bound to this very challenge.
 *
 * The HMAC key is the `sign` string's UTF-8 bytes (as `createHmac('sha256', sign)` reads a string
 * and crypto-js reads a string key in src/features/sign-in/client/auth-crypto.ts), not its hex decoding.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SIGN_HEADERS, type SignChallenge } from '~/features/sign-in/contract';
import { SIGN_CHALLENGE_LIFETIME_S, SIGN_TIMESTAMP_WINDOW_S } from '~/features/sign-in/constants';
import type { Db, DbOrTx } from '~/platform/db/client';
import { signChallenges } from '~/platform/db/schema';
import { badRequest } from '~/platform/http/errors';
import { activeKey, decryptOaep } from '~/features/sign-in/server/rsa-keys';

/** The one answer to every signing failure (docs/sign-in-api.md). */
export const MSG_BAD_SIGNATURE = '请求签名无效，请刷新后重试';

const NONCE_LENGTH = 32;
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const NONCE_SHAPE = /^[A-Za-z0-9]{32}$/;
const TIMESTAMP_SHAPE = /^\d{1,12}$/;
const SIGNATURE_SHAPE = /^[0-9a-fA-F]{64}$/;

export type { SignChallenge };

/** A signed request that passed: the challenge it used, for decryptPassword. */
export interface VerifiedChallenge {
  nonceStr: string;
  /** X-Timestamp as sent (seconds). */
  timestamp: number;
  keyId: string;
}

function newNonce(): string {
  let nonce = '';
  for (let i = 0; i < NONCE_LENGTH; i += 1) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
  return nonce;
}

/** hex HMAC-SHA256 of `timestamp \n nonce \n body` under the key `sign` (the browser computes the same). */
export function computeRequestSignature(sign: string, timestamp: number | string, nonceStr: string, body: string): string {
  return createHmac('sha256', sign).update(`${timestamp}\n${nonceStr}\n${body}`, 'utf8').digest('hex');
}

/** A new challenge, valid SIGN_CHALLENGE_LIFETIME_S from `now` and usable once. */
export async function issueSignChallenge(db: Db, now: Date): Promise<SignChallenge> {
  const key = await activeKey(db, now);
  const sign = randomBytes(32).toString('hex');
  const nonceStr = newNonce();
  await db.insert(signChallenges).values({
    nonceStr,
    signKey: sign,
    keyId: key.keyId,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + SIGN_CHALLENGE_LIFETIME_S * 1000),
  });
  return { public_key: key.publicKeyPem, key_id: key.keyId, sign, timestamp: Math.floor(now.getTime() / 1000), nonce_str: nonceStr };
}

function invalidSignature(reason: string): Error {
  return badRequest(MSG_BAD_SIGNATURE, { cause: new Error(reason) });
}

/**
 * Checks the X-Nonce-Str, X-Timestamp and X-Sign of a signed POST whose raw body is `body`, and
 * burns the nonce. Every failure is the same 400 请求签名无效，请刷新后重试.
 */
export async function verifySignedRequest(db: DbOrTx, headers: Headers, body: string, now: Date): Promise<VerifiedChallenge> {
  const nonceStr = headers.get(SIGN_HEADERS.nonce)?.trim() ?? '';
  const timestampText = headers.get(SIGN_HEADERS.timestamp)?.trim() ?? '';
  const signature = headers.get(SIGN_HEADERS.sign)?.trim() ?? '';
  // Garbage needs no query; a well-formed nonce is burnt whatever else is wrong with the request.
  if (!NONCE_SHAPE.test(nonceStr)) throw invalidSignature('malformed nonce');

  const [challenge] = await db
    .update(signChallenges)
    .set({ usedAt: now })
    .where(and(eq(signChallenges.nonceStr, nonceStr), isNull(signChallenges.usedAt), gt(signChallenges.expiresAt, now)))
    .returning({ signKey: signChallenges.signKey, keyId: signChallenges.keyId });
  if (!challenge) throw invalidSignature('unknown, used or expired nonce');

  if (!TIMESTAMP_SHAPE.test(timestampText)) throw invalidSignature('malformed timestamp');
  const timestamp = Number(timestampText);
  if (Math.abs(timestamp - now.getTime() / 1000) > SIGN_TIMESTAMP_WINDOW_S) throw invalidSignature('timestamp outside the window');

  if (!SIGNATURE_SHAPE.test(signature)) throw invalidSignature('malformed signature');
  const expected = Buffer.from(computeRequestSignature(challenge.signKey, timestampText, nonceStr, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw invalidSignature('signature mismatch');

  return { nonceStr, timestamp, keyId: challenge.keyId };
}

/**
 * The password inside an encrypted password field, or null when the ciphertext does not decrypt
 * with the challenge's key, is not {password: string, challenge, ts} JSON, or names another
 * challenge or timestamp (a captured ciphertext replayed under a new challenge). The caller answers
 * null exactly as it answers a wrong password.
 */
export async function decryptPassword(db: DbOrTx, challenge: VerifiedChallenge, ciphertextB64: string, now: Date): Promise<string | null> {
  const plain = await decryptOaep(db, challenge.keyId, ciphertextB64, now);
  if (!plain) return null;
  let envelope: unknown;
  try {
    envelope = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    return null;
  }
  if (typeof envelope !== 'object' || envelope === null) return null;
  const { password, challenge: nonce, ts } = envelope as Record<string, unknown>;
  if (typeof password !== 'string' || nonce !== challenge.nonceStr) return null;
  // auth-crypto.ts sends ts as a number; a numeric string naming the same second is as good.
  if ((typeof ts !== 'number' && typeof ts !== 'string') || String(ts) !== String(challenge.timestamp)) return null;
  return password;
}
