/**
 * The console's second factor as pure steps (docs/decisions.md "Console second factor: TOTP"):
 * RFC 6238 codes through `otpauth`, the ±window, replay refusal over the steps already used, and the
 * one-time recovery codes' shape. The server keeps the secret (encrypted) and the used steps.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { OPS_TOTP_DIGITS, OPS_TOTP_ISSUER, OPS_TOTP_PERIOD_S, OPS_TOTP_WINDOW } from '~/features/console/constants';

/** A fresh 160-bit secret (RFC 4226's recommended size), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: OPS_TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: OPS_TOTP_DIGITS,
    period: OPS_TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(secretBase32: string, username: string): string {
  return totpOf(secretBase32, username).toString();
}

/** The time step `nowMs` falls in. */
export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / OPS_TOTP_PERIOD_S);
}

/** The code of `step` (tests, and the demo's documented secrets). */
export function totpCodeAt(secretBase32: string, step: number): string {
  return totpOf(secretBase32).generate({ timestamp: step * OPS_TOTP_PERIOD_S * 1000 });
}

/** Six digits, spaces allowed between them (as apps show "123 456"). */
export function normalizeTotpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return new RegExp(`^\\d{${OPS_TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

export type TotpCheck = { ok: true; step: number } | { ok: false; why: 'malformed' | 'wrong' | 'replayed' };

/**
 * Checks `input` against the secret at `nowMs`: the step it belongs to (within ±OPS_TOTP_WINDOW),
 * refused when that step's code was already used (`usedSteps`), so a code seen over a shoulder or
 * replayed by a phishing relay after the operator used it is worth nothing.
 */
export function checkTotp(secretBase32: string, input: string, nowMs: number, usedSteps: ReadonlySet<number>): TotpCheck {
  const code = normalizeTotpCode(input);
  if (code === null) return { ok: false, why: 'malformed' };
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: OPS_TOTP_WINDOW });
  if (delta === null) return { ok: false, why: 'wrong' };
  const step = totpStepAt(nowMs) + delta;
  if (usedSteps.has(step)) return { ok: false, why: 'replayed' };
  return { ok: true, step };
}

/** Used steps older than this can never match again and may be forgotten. */
export function oldestRelevantStep(nowMs: number): number {
  return totpStepAt(nowMs) - OPS_TOTP_WINDOW;
}

// ---------------------------------------------------------------------------------------------
// Recovery codes: 10 letters/digits from an alphabet without look-alikes, shown as XXXXX-XXXXX.

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 10;

/** A recovery code as shown to the operator (about 50 bits; each is good for one sign-in). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(RECOVERY_LENGTH);
  const chars = Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** The typed code in its canonical form (case, spaces and the dash do not matter), or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const plain = input.replace(/[\s-]+/g, '').toUpperCase();
  if (plain.length !== RECOVERY_LENGTH) return null;
  for (const char of plain) if (!RECOVERY_ALPHABET.includes(char)) return null;
  return plain;
}

/** What is stored: the SHA-256 of the canonical form (the codes are random, so no slow hash is needed). */
export function hashRecoveryCode(canonical: string): string {
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
