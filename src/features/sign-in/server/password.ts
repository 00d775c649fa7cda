/**
 * Password hashing with scrypt (node:crypto), no native dependency.
 *
 * Stored format is self-describing so parameters can be raised later without breaking old hashes:
 *   scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>
 * verifyPassword reads the parameters from the string, so a hash made with other N/r/p still verifies.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const SCHEME = 'scrypt';
/** N = 2^14, r = 8, p = 1: the OWASP minimum for scrypt, ~16 MiB and a few tens of ms per hash. */
const DEFAULT_PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Refuse absurd parameters from a tampered row instead of burning memory on them. */
const MAX_N = 1 << 20;

function deriveKey(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** scrypt needs 128 * N * r bytes; raise the default 32 MiB ceiling just enough. */
function scryptOptions(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r };
}

export async function hashPassword(plain: string): Promise<string> {
  const { N, r, p } = DEFAULT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(plain, salt, KEY_BYTES, scryptOptions(N, r, p));
  return [SCHEME, N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** False for a wrong password and for any malformed stored string; never throws on bad input. */
export async function verifyPassword(plain: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return false;
  const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const validParams =
    Number.isInteger(N) && N > 1 && N <= MAX_N && (N & (N - 1)) === 0 && Number.isInteger(r) && r >= 1 && r <= 32 && Number.isInteger(p) && p >= 1 && p <= 16;
  if (!validParams) return false;
  const salt = Buffer.from(saltText, 'base64url');
  const expected = Buffer.from(keyText, 'base64url');
  if (salt.length === 0 || expected.length < 16) return false;
  try {
    const actual = await deriveKey(plain, salt, expected.length, scryptOptions(N, r, p));
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
