/**
 * The console's TOTP rules (docs/decisions.md "Console second factor: TOTP"): RFC 6238 codes, the
 * ±1 step window, replay refusal over the used steps, and the recovery codes' shape.
 */
import { describe, expect, it } from 'vitest';
import { TOTP, Secret } from 'otpauth';
import { checkTotp, hashRecoveryCode, newRecoveryCode, newTotpSecret, normalizeRecoveryCode, normalizeTotpCode, oldestRelevantStep, totpCodeAt, totpStepAt, totpUri } from '~/features/console/rules/totp';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const SECRET = 'OPSADMINDEMOTOTPSECRETAAAAAAAAAA';
const T = 1_790_000_000_000; // a fixed instant
const STEP = totpStepAt(T);
const NONE = new Set<number>();

describe('TOTP codes', () => {
  it.each([
    [59, '287082'],
    [1_111_111_109, '081804'],
    [1_234_567_890, '005924'],
    [2_000_000_000, '279037'],
  ])('matches RFC 6238 at %i s (6 digits)', (seconds, code) => {
    expect(totpCodeAt(RFC_SECRET, totpStepAt(seconds * 1000))).toBe(code);
  });

  it('agrees with an authenticator app built on otpauth directly', () => {
    const app = new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30, algorithm: 'SHA1' });
    expect(totpCodeAt(SECRET, STEP)).toBe(app.generate({ timestamp: T }));
  });

  it('makes 160-bit base32 secrets, a new one each time', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('writes an otpauth:// URI naming the issuer and the operator', () => {
    const uri = totpUri(SECRET, 'cw02');
    expect(uri.startsWith('otpauth://totp/')).toBe(true);
    expect(uri).toContain(`secret=${SECRET}`);
    expect(uri).toContain('cw02');
    expect(uri).toContain('period=30');
    expect(uri).toContain('digits=6');
  });
});

describe('checking a code', () => {
  it.each([
    ['the current step', 0, true],
    ['one step back (a slow phone)', -1, true],
    ['one step ahead (a fast phone)', 1, true],
    ['two steps back', -2, false],
    ['two steps ahead', 2, false],
  ])('%s: accepted %s', (_label, delta, accepted) => {
    const check = checkTotp(SECRET, totpCodeAt(SECRET, STEP + delta), T, NONE);
    expect(check).toEqual(accepted ? { ok: true, step: STEP + delta } : { ok: false, why: 'wrong' });
  });

  it('refuses a code whose step was already used, and only that step', () => {
    const code = totpCodeAt(SECRET, STEP);
    expect(checkTotp(SECRET, code, T, new Set([STEP]))).toEqual({ ok: false, why: 'replayed' });
    // Still refused later in the window (the same code from the step before is still valid then).
    expect(checkTotp(SECRET, code, T + 30_000, new Set([STEP]))).toEqual({ ok: false, why: 'replayed' });
    // The next step's code is a different code and is fine.
    expect(checkTotp(SECRET, totpCodeAt(SECRET, STEP + 1), T, new Set([STEP]))).toEqual({ ok: true, step: STEP + 1 });
  });

  it('forgets nothing that can still match', () => {
    expect(oldestRelevantStep(T)).toBe(STEP - 1);
  });

  it.each([['12345'], ['1234567'], ['abcdef'], [''], ['12 34 5']])('calls %j malformed', (input) => {
    expect(checkTotp(SECRET, input, T, NONE)).toEqual({ ok: false, why: 'malformed' });
  });

  it('takes a code with spaces as apps show it', () => {
    const code = totpCodeAt(SECRET, STEP);
    expect(normalizeTotpCode(`${code.slice(0, 3)} ${code.slice(3)}`)).toBe(code);
    expect(checkTotp(SECRET, ` ${code.slice(0, 3)} ${code.slice(3)} `, T, NONE)).toEqual({ ok: true, step: STEP });
  });
});

describe('recovery codes', () => {
  it('are ten characters without look-alikes, shown as XXXXX-XXXXX, all different', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('are read whatever the case, spaces or dash', () => {
    expect(normalizeRecoveryCode('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeRecoveryCode(' ABCDE FGHJK ')).toBe('ABCDEFGHJK');
    expect(normalizeRecoveryCode('ABCDE-FGHJ')).toBeNull();
    expect(normalizeRecoveryCode('ABCDE-FGHJ0')).toBeNull();
    expect(normalizeRecoveryCode('123456')).toBeNull();
  });

  it('are stored as a SHA-256 of the canonical form', () => {
    expect(hashRecoveryCode('ABCDEFGHJK')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode('ABCDEFGHJK')).not.toBe(hashRecoveryCode('ABCDEFGHJL'));
  });
});
