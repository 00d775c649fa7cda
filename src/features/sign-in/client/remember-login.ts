/**
 * Remember me (spec §5: "stores the username and the AES-encrypted password locally"). Apart from
 * auth-crypto.ts so that crypto-js's AES is fetched only by a browser that has a record to read
 * or is writing one (issue 27); `hasRememberedLogin` tells without loading it.
 *
 * Honest limits: the AES key lives in the same localStorage as the ciphertext, so this is only
 * obfuscation against someone glancing at the storage panel (or a screenshot of it). Anyone who
 * can run code in, or read the profile of, this browser gets the password back. The checkbox is
 * off by default and unticking it deletes the record.
 */
import AES from 'crypto-js/aes';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import { REMEMBER_KEY_STORAGE_KEY, REMEMBERED_LOGIN_KEY, rememberStorage } from '~/features/sign-in/client/remember-keys';

export { REMEMBER_KEY_STORAGE_KEY, REMEMBERED_LOGIN_KEY };

export interface RememberedLogin {
  username: string;
  password: string;
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
  const store = rememberStorage();
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
  const store = rememberStorage();
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
