/**
 * Browser-side crypto of the sign-in calls (docs/sign-in-api.md "Request signing and password
 * encryption"):
 * - the password travels as base64(RSA-OAEP-SHA256(public_key, utf8(JSON {password, challenge, ts})));
 * - a signed POST carries X-Sign = hex(HMAC-SHA256(sign, `${timestamp}\n${nonce}\n${body}`)).
 * Both run on the browser's own Web Crypto, which costs no download (issue 27: the login form's
 * JavaScript budget). Web Crypto exists only in a secure context (HTTPS, localhost): a page
 * served over plain HTTP on another host falls back to jsencrypt and crypto-js, fetched then.
 * Remember me (AES) lives in remember-login.ts, loaded only when a record exists or is written.
 */

export interface PasswordEnvelope {
  password: string;
  /** getSign's nonce_str: the server checks it against X-Nonce-Str. */
  challenge: string;
  /** getSign's timestamp (seconds): the server checks it against X-Timestamp. */
  ts: number;
}

export const PASSWORD_ENCRYPT_FAILED_MSG = '密码加密失败';

/** The browser's Web Crypto, or null outside a secure context (then the libraries stand in). */
function subtleCrypto(): SubtleCrypto | null {
  return typeof crypto !== 'undefined' && crypto.subtle ? crypto.subtle : null;
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

/** Starts loading the RSA fallback early where it will be needed, so the submit does not wait. */
export function preloadRsa(): void {
  if (!subtleCrypto()) void import('jsencrypt').catch(() => undefined);
}

/** The DER bytes of an SPKI PEM ("-----BEGIN PUBLIC KEY-----"), or null when it is not one. */
function spkiBytes(pem: string): Uint8Array<ArrayBuffer> | null {
  const match = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
  if (!match) return null;
  try {
    return Uint8Array.from(atob(match[1]!.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function encryptWithWebCrypto(subtle: SubtleCrypto, publicKeyPem: string, json: string): Promise<string> {
  const der = spkiBytes(publicKeyPem);
  if (!der) throw new Error(PASSWORD_ENCRYPT_FAILED_MSG, { cause: new Error('the public key is not an SPKI PEM') });
  try {
    const key = await subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    return toBase64(await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(json)));
  } catch (error) {
    throw new Error(PASSWORD_ENCRYPT_FAILED_MSG, { cause: error });
  }
}

async function encryptWithJsencrypt(publicKeyPem: string, json: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const cipher = rsa.encryptOAEP(toUtf8ByteString(json));
  if (cipher === false) throw new Error(PASSWORD_ENCRYPT_FAILED_MSG, { cause: new Error('jsencrypt encryptOAEP returned false') });
  return cipher;
}

/**
 * The encrypted password field of login, register and the two resets. `subtle` is the browser's
 * Web Crypto by default; null takes the jsencrypt path (tests pass it to cover both).
 */
export function encryptPassword(publicKeyPem: string, envelope: PasswordEnvelope, subtle: SubtleCrypto | null = subtleCrypto()): Promise<string> {
  const json = JSON.stringify({ password: envelope.password, challenge: envelope.challenge, ts: envelope.ts });
  return subtle ? encryptWithWebCrypto(subtle, publicKeyPem, json) : encryptWithJsencrypt(publicKeyPem, json);
}

/**
 * X-Sign of a signed POST. The key is the getSign `sign` string itself (its UTF-8 bytes, as
 * node's createHmac('sha256', sign) reads a string key), not its hex decoding.
 */
export async function signBody(signKey: string, timestamp: number | string, nonce: string, body: string, subtle: SubtleCrypto | null = subtleCrypto()): Promise<string> {
  const message = `${timestamp}\n${nonce}\n${body}`;
  if (!subtle) {
    const [{ default: HmacSHA256 }, { default: Hex }] = await Promise.all([import('crypto-js/hmac-sha256'), import('crypto-js/enc-hex')]);
    return HmacSHA256(message, signKey).toString(Hex);
  }
  const encoder = new TextEncoder();
  const key = await subtle.importKey('raw', encoder.encode(signKey), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await subtle.sign('HMAC', key, encoder.encode(message));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}
