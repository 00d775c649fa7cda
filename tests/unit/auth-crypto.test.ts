import { constants, createHmac, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encryptPassword, signBody, toUtf8ByteString } from '~/features/sign-in/client/auth-crypto';
import { forgetLogin, hasRememberedLogin } from '~/features/sign-in/client/remember-keys';
import { recallLogin, REMEMBER_KEY_STORAGE_KEY, REMEMBERED_LOGIN_KEY, rememberLogin } from '~/features/sign-in/client/remember-login';
import { memoryStorage } from './api-helpers';

// One 2048-bit key for the file, as the server's rsa_keys row would hold (SPKI PEM).
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

function decrypt(cipherBase64: string): unknown {
  const plain = privateDecrypt(
    { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipherBase64, 'base64'),
  );
  return JSON.parse(plain.toString('utf8'));
}

describe('password encryption (docs/sign-in-api.md: RSA-OAEP-SHA256 of utf8 JSON)', () => {
  it('the server decrypts {password, challenge, ts} with OAEP sha256', async () => {
    const envelope = { password: 'Secret_Pass123', challenge: 'a'.repeat(32), ts: 1_767_225_600 };
    const cipher = await encryptPassword(keys.publicKey, envelope);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(decrypt(cipher)).toEqual(envelope);
  });

  it('a non-ASCII challenge and password survive as UTF-8', async () => {
    const envelope = { password: 'pässwörd_密码😀', challenge: '挑战-nonce', ts: 42 };
    expect(decrypt(await encryptPassword(keys.publicKey, envelope))).toEqual(envelope);
  });

  it('two encryptions of the same password differ (OAEP is randomised)', async () => {
    const envelope = { password: 'abcdefgh', challenge: 'n', ts: 1 };
    expect(await encryptPassword(keys.publicKey, envelope)).not.toBe(await encryptPassword(keys.publicKey, envelope));
  });

  it('a key that is not a public key is refused', async () => {
    await expect(encryptPassword('not a key', { password: 'abcdefgh', challenge: 'n', ts: 1 })).rejects.toThrow('密码加密失败');
    await expect(encryptPassword('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', { password: 'abcdefgh', challenge: 'n', ts: 1 })).rejects.toThrow('密码加密失败');
  });

  it('without Web Crypto (plain HTTP) jsencrypt makes a ciphertext the server reads the same way', async () => {
    const envelope = { password: 'pässwörd_密码😀', challenge: '挑战-nonce', ts: 42 };
    const cipher = await encryptPassword(keys.publicKey, envelope, null);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(decrypt(cipher)).toEqual(envelope);
    await expect(encryptPassword('not a key', envelope, null)).rejects.toThrow('密码加密失败');
  });

  it('toUtf8ByteString gives one char per UTF-8 byte', () => {
    expect(toUtf8ByteString('a密')).toBe('a\xe5\xaf\x86');
  });
});

describe('request signature', () => {
  it('X-Sign is hex HMAC-SHA256(sign, timestamp \\n nonce \\n body), as node computes it', async () => {
    const sign = 'f'.repeat(64);
    const body = JSON.stringify({ username: '用户', password: 'x' });
    const expected = createHmac('sha256', sign).update(`1700000000\nnonce123\n${body}`).digest('hex');
    expect(await signBody(sign, 1_700_000_000, 'nonce123', body)).toBe(expected);
    expect(await signBody(sign, '1700000000', 'nonce123', body)).toBe(expected);
  });

  it('without Web Crypto crypto-js signs the same bytes', async () => {
    const sign = 'a1'.repeat(32);
    const body = JSON.stringify({ username: '用户', password: 'x' });
    const expected = createHmac('sha256', sign).update(`1700000000\nnonce123\n${body}`).digest('hex');
    expect(await signBody(sign, 1_700_000_000, 'nonce123', body, null)).toBe(expected);
  });
});

describe('remember me (spec §5: username and AES-encrypted password kept locally)', () => {
  let store: Storage;
  beforeEach(() => {
    store = memoryStorage();
    vi.stubGlobal('localStorage', store);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('round-trips and never stores the password in clear', () => {
    rememberLogin('renter01', 'Passw0rd_密');
    const raw = store.getItem(REMEMBERED_LOGIN_KEY)!;
    expect(raw).not.toContain('Passw0rd');
    expect(JSON.parse(raw)).toMatchObject({ username: 'renter01' });
    expect(store.getItem(REMEMBER_KEY_STORAGE_KEY)).toMatch(/^[0-9a-f]{64}$/);
    expect(recallLogin()).toEqual({ username: 'renter01', password: 'Passw0rd_密' });
  });

  it('forgetLogin removes the record; nothing stored reads as null', () => {
    expect(recallLogin()).toBeNull();
    expect(hasRememberedLogin()).toBe(false);
    rememberLogin('renter01', 'abcdefgh');
    expect(hasRememberedLogin()).toBe(true);
    forgetLogin();
    expect(hasRememberedLogin()).toBe(false);
    expect(recallLogin()).toBeNull();
  });

  it('a record that no longer decrypts (key replaced) is dropped', () => {
    rememberLogin('renter01', 'abcdefgh');
    store.setItem(REMEMBER_KEY_STORAGE_KEY, '0'.repeat(64));
    expect(recallLogin()).toBeNull();
    expect(store.getItem(REMEMBERED_LOGIN_KEY)).toBeNull();
  });
});
