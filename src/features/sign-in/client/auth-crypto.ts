/**
 * Browser-side crypto of the sign-in calls (docs/sign-in-api.md "Request signing and password
 * encryption", spec §5 remember me):
 * - the password travels as base64(RSA-OAEP-SHA256(public_key, utf8(JSON {password, challenge, ts})));
 * - a signed POST carries X-Sign = hex(HMAC-SHA256(sign, `${timestamp}\n${nonce}\n${body}`)).
 * jsencrypt is imported on first use only, so pages without a password form never load it.
 */
import AES from 'crypto-js/aes';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';

export interface PasswordEnvelope {
  password: string;
  /** getSign's nonce_str: the server checks it against X-Nonce-Str. */
  challenge: string;
  /** getSign's timestamp (seconds): the server checks it against X-Timestamp. */
  ts: number;
}

/**
 * jsencrypt pads the string char by char (charCodeAt), so a non-ASCII character would be cut to
 * its low byte. Handing it the UTF-8 bytes as a "binary string" makes it encrypt utf8(text).
 */
export function toUtf8ByteString(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte);
  return out;
}

/** Starts loading jsencrypt early (when a password form shows) so the submit does not wait on it. */
export function preloadRsa(): void {
  void import('jsencrypt').catch(() => undefined);
}

/** The encrypted password field of login, register and the two resets. */
export async function encryptPassword(publicKeyPem: string, envelope: PasswordEnvelope): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const json = JSON.stringify({ password: envelope.password, challenge: envelope.challenge, ts: envelope.ts });
  const cipher = rsa.encryptOAEP(toUtf8ByteString(json));
  if (cipher === false) throw new Error('密码加密失败', { cause: new Error('jsencrypt encryptOAEP returned false') });
  return cipher;
}

/**
 * X-Sign of a signed POST. The key is the getSign `sign` string itself (its UTF-8 bytes, as
 * node's createHmac('sha256', sign) reads a string key), not its hex decoding.
 */
export function signBody(signKey: string, timestamp: number | string, nonce: string, body: string): string {
  return HmacSHA256(`${timestamp}\n${nonce}\n${body}`, signKey).toString(Hex);
}

// ---------------------------------------------------------------------------------------------
// Remember me (spec §5: "stores the username and the AES-encrypted password locally")
// ---------------------------------------------------------------------------------------------
//
// Honest limits: the AES key lives in the same localStorage as the ciphertext, so this is only
// obfuscation against someone glancing at the storage panel (or a screenshot of it). Anyone who
// can run code in, or read the profile of, this browser gets the password back. The checkbox is
// off by default and unticking it deletes the record.

export const REMEMBERED_LOGIN_KEY = 'rememberedLogin';
export const REMEMBER_KEY_STORAGE_KEY = 'rememberedLoginKey';

export interface RememberedLogin {
  username: string;
  password: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy mode): remember me is simply off
  }
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The per-browser random key, made on first use. */
function rememberKey(store: Storage): string {
  let key = store.getItem(REMEMBER_KEY_STORAGE_KEY);
  if (!key || !/^[0-9a-f]{64}$/.test(key)) {
    key = randomHex(32);
    store.setItem(REMEMBER_KEY_STORAGE_KEY, key);
  }
  return key;
}

export function rememberLogin(username: string, password: string): void {
  const store = storage();
  if (!store) return;
  const key = rememberKey(store);
  const cipher = AES.encrypt(password, key).toString();
  store.setItem(REMEMBERED_LOGIN_KEY, JSON.stringify({ username, password: cipher, tag: rememberTag(username, cipher, key) }));
}

/** HMAC of the record under its key: a record written with another key, or edited, never reads. */
function rememberTag(username: string, cipher: string, key: string): string {
  return HmacSHA256(`${username}\n${cipher}`, key).toString(Hex);
}

/** The remembered username and password, or null (none, or unreadable: then it is dropped). */
export function recallLogin(): RememberedLogin | null {
  const store = storage();
  const raw = store?.getItem(REMEMBERED_LOGIN_KEY);
  if (!store || !raw) return null;
  try {
    const saved = JSON.parse(raw) as { username?: unknown; password?: unknown; tag?: unknown };
    const key = store.getItem(REMEMBER_KEY_STORAGE_KEY);
    if (typeof saved.username !== 'string' || typeof saved.password !== 'string' || !key) throw new Error('bad record');
    // AES with the wrong key sometimes decrypts to valid-looking text; the tag tells for certain.
    if (saved.tag !== rememberTag(saved.username, saved.password, key)) throw new Error('wrong key or altered record');
    const password = AES.decrypt(saved.password, key).toString(Utf8);
    if (!password) throw new Error('wrong key');
    return { username: saved.username, password };
  } catch {
    store.removeItem(REMEMBERED_LOGIN_KEY);
    return null;
  }
}

export function forgetLogin(): void {
  storage()?.removeItem(REMEMBERED_LOGIN_KEY);
}
