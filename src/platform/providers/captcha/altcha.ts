/**
 * The ALTCHA proof-of-work captcha (altcha-lib, protocol v2): the server hands out a signed
 * challenge and checks the solution the browser's `altcha` widget computed. Nothing leaves this
 * machine: no third-party service is asked, the widget is bundled by Vite and served by the site.
 *
 * What a challenge costs: deterministic mode, so the solver must try exactly `counter` PBKDF2
 * derivations of `cost` iterations each (counter drawn in [maxCounter/2, maxCounter]). It stops
 * no human and no single bot; it makes every verify_key cost CPU time, which is what a scripted
 * slider answer never cost. Single use and expiry are enforced by the caller through the
 * captchas table (features/sign-in/server/captcha.ts), so a solved payload cannot be replayed by
 * any process.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

export interface AltchaSettings {
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** Largest counter (number of attempts) a challenge may need. */
  maxCounter: number;
}

/** The browser's half: what the widget needs to solve one challenge. */
export type AltchaChallenge = Challenge;

/** The signing secret and a second one derived from it for the deterministic key signature. */
function secrets(hmacKey: string): { hmacSignatureSecret: string; hmacKeySignatureSecret: string } {
  return { hmacSignatureSecret: hmacKey, hmacKeySignatureSecret: createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex') };
}

/** A signed challenge carrying `captchaId` in its signed data, valid until `expiresAt`. */
export async function createAltchaChallenge(hmacKey: string, settings: AltchaSettings, captchaId: string, expiresAt: Date): Promise<AltchaChallenge> {
  const low = Math.max(1, Math.floor(settings.maxCounter / 2));
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(Math.max(low + 1, settings.maxCounter), low),
    deriveKey,
    data: { captcha_id: captchaId },
    expiresAt,
    ...secrets(hmacKey),
  });
}

/** What the widget posts: base64 of JSON { challenge: { parameters, signature }, solution }. */
const payloadSchema = z.object({
  challenge: z.object({ parameters: z.looseObject({ algorithm: z.string() }), signature: z.string().optional() }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256), time: z.number().optional() }),
});

export type AltchaVerdict = { ok: true; captchaId: string } | { ok: false; reason: 'malformed' | 'expired' | 'signature' | 'solution' };

/**
 * Checks a payload: well-formed, our signature, not expired, solved, and naming a captcha_id in its
 * signed data. Whether it was used before is the caller's question.
 */
export async function verifyAltchaPayload(hmacKey: string, payload: string): Promise<AltchaVerdict> {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  // Only our own algorithm: a payload naming another would make verifySolution throw or run it.
  if (parsed.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return { ok: false, reason: 'malformed' };
  const challenge = parsed.challenge as unknown as Payload['challenge'];
  let result;
  try {
    result = await verifySolution({ challenge, solution: parsed.solution, deriveKey, ...secrets(hmacKey) });
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (result.expired) return { ok: false, reason: 'expired' };
  if (result.invalidSignature) return { ok: false, reason: 'signature' };
  if (!result.verified) return { ok: false, reason: 'solution' };
  const captchaId = challenge.parameters.data?.captcha_id;
  if (typeof captchaId !== 'string') return { ok: false, reason: 'malformed' };
  return { ok: true, captchaId };
}
