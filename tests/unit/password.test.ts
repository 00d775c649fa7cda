import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '~/features/sign-in/server/password';

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed and rejects another one', async () => {
    const stored = await hashPassword('renter_pass01');
    expect(await verifyPassword('renter_pass01', stored)).toBe(true);
    expect(await verifyPassword('renter_pass02', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('stores a self-describing string: scheme, parameters, salt and key', async () => {
    const stored = await hashPassword('merchant_pass01');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('merchant_pass01');
  });

  it('salts every hash, so the same password never hashes the same twice', async () => {
    const [a, b] = await Promise.all([hashPassword('same_password'), hashPassword('same_password')]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same_password', a)).toBe(true);
    expect(await verifyPassword('same_password', b)).toBe(true);
  });

  it('reads the parameters from the stored string, so older cost settings still verify', async () => {
    const stored = await hashPassword('upgrade_me_01');
    const [, , , , salt] = stored.split('$');
    // Re-derive with N = 2^10 the way an older release might have stored it.
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('upgrade_me_01', Buffer.from(salt!, 'base64url'), 32, { N: 1024, r: 8, p: 1 });
    const older = `scrypt$1024$8$1$${salt}$${key.toString('base64url')}`;
    expect(await verifyPassword('upgrade_me_01', older)).toBe(true);
    expect(await verifyPassword('upgrade_me_02', older)).toBe(false);
  });

  it('treats Unicode look-alikes the same way (NFKC) and handles Chinese passwords', async () => {
    const stored = await hashPassword('密码ｐａｓｓ_01');
    expect(await verifyPassword('密码pass_01', stored)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['null', null],
    ['plain text', 'renter_pass01'],
    ['other scheme', 'bcrypt$10$abc$def$ghi$jkl'],
    ['missing parts', 'scrypt$16384$8$1$c2FsdA'],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['absurd N', 'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['short key', 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0$a2V5'],
  ])('returns false, never throws, for a malformed stored value (%s)', async (_label, stored) => {
    await expect(verifyPassword('renter_pass01', stored)).resolves.toBe(false);
  });
});
