/**
 * The crypto of signed requests without a database (docs/sign-in-api.md "Request signing and
 * password encryption"): the server's X-Sign equals what the browser's libraries compute, and a
 * password encrypted the browser's way decrypts with the server's OAEP parameters. Also the
 * sandbox captcha drawing (spec §7 captcha v1).
 */
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import Hex from 'crypto-js/enc-hex';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import { describe, expect, it } from 'vitest';
import { drawSandboxPuzzle } from '~/platform/providers/captcha/sandbox';
import { computeRequestSignature } from '~/features/sign-in/server/request-signing';

const SIGN = 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f40312';

describe('computeRequestSignature', () => {
  it('is hex HMAC-SHA256 of timestamp \\n nonce \\n body keyed by the sign string itself', () => {
    // Known answer from `printf '1700000000\nNONCEnonce0123456789abcdefghijkl\n{"a":1}' | openssl dgst -sha256 -hmac <SIGN>`.
    expect(computeRequestSignature(SIGN, 1_700_000_000, 'NONCEnonce0123456789abcdefghijkl', '{"a":1}')).toBe(
      '407884e506df1fcedfbf2e4a79ffae549e092d6aa353f18c3d58c450c448a839',
    );
  });

  it('matches what crypto-js computes in the browser, Chinese text in the body included', () => {
    const body = JSON.stringify({ username: '租号玩家', password: 'c2VjcmV0', fingerprint: 'fp' });
    const browser = HmacSHA256(`1700000123\nabcDEF0123456789abcDEF0123456789\n${body}`, SIGN).toString(Hex);
    expect(computeRequestSignature(SIGN, '1700000123', 'abcDEF0123456789abcDEF0123456789', body)).toBe(browser);
  });

  it('changes with any byte of the body, the nonce or the timestamp', () => {
    const base = computeRequestSignature(SIGN, 1, 'n'.repeat(32), '{}');
    expect(computeRequestSignature(SIGN, 2, 'n'.repeat(32), '{}')).not.toBe(base);
    expect(computeRequestSignature(SIGN, 1, 'm'.repeat(32), '{}')).not.toBe(base);
    expect(computeRequestSignature(SIGN, 1, 'n'.repeat(32), '{ }')).not.toBe(base);
    expect(computeRequestSignature(SIGN.replace('a', 'b'), 1, 'n'.repeat(32), '{}')).not.toBe(base);
  });
});

describe('browser encryption meets server decryption', () => {
  it('jsencrypt encryptOAEP output decrypts with RSA-OAEP-SHA256 in node:crypto', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const jsencrypt = (await import('jsencrypt')) as unknown as { JSEncrypt?: new () => JsEncrypt; default?: { JSEncrypt?: new () => JsEncrypt } };
    const JSEncrypt = jsencrypt.JSEncrypt ?? jsencrypt.default?.JSEncrypt;
    if (!JSEncrypt) throw new Error('jsencrypt has no JSEncrypt export');
    const rsa = new JSEncrypt();
    rsa.setPublicKey(publicKey);
    const json = JSON.stringify({ password: 'renter_pass01', challenge: 'x'.repeat(32), ts: 1_700_000_000 });
    const cipher = rsa.encryptOAEP(json);
    expect(cipher).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cipher as string, 'base64'));
    expect(plain.toString('utf8')).toBe(json);
  });
});

interface JsEncrypt {
  setPublicKey(pem: string): void;
  encryptOAEP(text: string): string | false;
}

describe('sandbox captcha drawing', () => {
  const decode = (dataUrl: string): string => {
    expect(dataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
    return Buffer.from(dataUrl.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
  };

  it('draws a 300x160 background with the gap at the target, and a 44x44 piece cut from the same scene', () => {
    const drawing = drawSandboxPuzzle({ width: 300, height: 160, pieceSize: 44, targetX: 123, pieceY: 40 });
    const image = decode(drawing.image);
    const piece = decode(drawing.piece);
    expect(image).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="160"/);
    expect(image).toContain('translate(123 40)');
    expect(piece).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="44" height="44"/);
    expect(piece).toContain('translate(-123 -40)');
    // The piece shows the very background the image has.
    const scene = image.slice(image.indexOf('<defs>'), image.indexOf('<g transform="translate(123 40)">'));
    expect(scene.length).toBeGreaterThan(100);
    expect(piece).toContain(scene);
  });

  it('draws a different background each time', () => {
    const a = drawSandboxPuzzle({ width: 300, height: 160, pieceSize: 44, targetX: 60, pieceY: 8 });
    const b = drawSandboxPuzzle({ width: 300, height: 160, pieceSize: 44, targetX: 60, pieceY: 8 });
    expect(a.image).not.toBe(b.image);
  });
});
