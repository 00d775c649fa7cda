/**
 * The slider captcha (spec §7 "captcha v1 and v2", "POST validate code v2": captcha result and
 * web_action → data.verify_key; §8 滑块验证后端校验不通过; docs/sign-in-api.md "Captcha").
 *
 * A puzzle is drawn by a provider behind the SliderCaptchaProvider port; the gap's x stays in the
 * captchas table and is never sent as a number. One answer per puzzle: the row is marked used by
 * one conditional UPDATE whatever the answer, so a bot cannot try x = 60, 61, 62 ... on one
 * puzzle. A right answer buys a single-use verify_key for the web_action it was solved for.
 *
 * The slider's only provider is the sandbox (src/platform/providers/captcha/sandbox.ts), which
 * stops nothing but a human-shaped mistake; see its comment. The port is
 * src/platform/providers/captcha/port.ts. With CAPTCHA_PROVIDER=altcha (production's default) the
 * same two calls carry a proof-of-work challenge and its solution instead (providers/captcha/
 * altcha.ts); the row in `captchas` is what makes a solved payload single-use across processes.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CaptchaChallenge as CaptchaChallengeShape } from '~/features/sign-in/contract';
import { CAPTCHA_LIFETIME_S, CAPTCHA_TOLERANCE_PX } from '~/features/sign-in/constants';
import type { DbOrTx } from '~/platform/db/client';
import { captchas, type VerifyAction } from '~/platform/db/schema';
import { badRequest } from '~/platform/http/errors';
import { sharedSecret } from '~/platform/db/app-secrets';
import { createAltchaChallenge, verifyAltchaPayload, type AltchaSettings } from '~/platform/providers/captcha/altcha';
import type { SliderCaptchaProvider } from '~/platform/providers/captcha/port';
import { signInProviders, type SignInProviders } from '~/platform/providers/sign-in-providers';
import { issueVerifyKey } from '~/features/sign-in/server/verify-keys';

/** spec §8: the toast of a refused slider. */
export const MSG_CAPTCHA_FAILED = '滑块验证后端校验不通过';
/** A refused ALTCHA payload (unsolved, tampered, expired or used before). */
export const MSG_ALTCHA_FAILED = '人机验证未通过，请重试';
/** app_secrets row of the generated ALTCHA key (when ALTCHA_HMAC_KEY is unset). */
const ALTCHA_KEY_SECRET = 'altcha_hmac_key';

/** Puzzle geometry, in puzzle pixels. */
export const CAPTCHA_WIDTH_PX = 300;
export const CAPTCHA_HEIGHT_PX = 160;
export const CAPTCHA_PIECE_SIZE_PX = 44;
/** The gap's left edge lies in [60, 240], so the piece always has to travel and never leaves the image. */
export const CAPTCHA_TARGET_MIN_X = 60;
export const CAPTCHA_TARGET_MAX_X = 240;
/** The piece keeps this far from the top and bottom edges. */
const PIECE_MARGIN_Y = 8;

/** What POST common/captcha (v1) answers. */
export type CaptchaChallenge = CaptchaChallengeShape;

export type CaptchaAnswer =
  | {
      captcha_id: string;
      /** Where the user dropped the piece's left edge, in puzzle pixels. */
      x: number;
      web_action: VerifyAction;
    }
  | {
      captcha_id: string;
      /** The ALTCHA widget's payload (base64 JSON of challenge and solution). */
      altcha: string;
      web_action: VerifyAction;
    };

type AltchaChoice = NonNullable<SignInProviders['altcha']>;

async function altchaKey(db: DbOrTx, choice: AltchaChoice): Promise<string> {
  return choice.hmacKey ?? sharedSecret(db, ALTCHA_KEY_SECRET, () => randomBytes(32).toString('hex'));
}

/**
 * A new captcha, valid CAPTCHA_LIFETIME_S from `now`, for one answer: an ALTCHA challenge when the
 * site runs ALTCHA, else a slider puzzle drawn by `provider`.
 */
export async function createCaptcha(
  db: DbOrTx,
  now: Date,
  provider: SliderCaptchaProvider = signInProviders().captcha,
  altcha: SignInProviders['altcha'] = signInProviders().altcha,
): Promise<CaptchaChallenge> {
  const id = randomBytes(16).toString('hex');
  if (altcha) {
    const expiresAt = new Date(now.getTime() + CAPTCHA_LIFETIME_S * 1000);
    const settings: AltchaSettings = { cost: altcha.cost, maxCounter: altcha.maxCounter };
    const challenge = await createAltchaChallenge(await altchaKey(db, altcha), settings, id, expiresAt);
    await db.insert(captchas).values({ id, kind: 'altcha', targetX: 0, createdAt: now, expiresAt });
    return { kind: 'altcha', captcha_id: id, challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature } };
  }
  const targetX = randomInt(CAPTCHA_TARGET_MIN_X, CAPTCHA_TARGET_MAX_X + 1);
  const pieceY = randomInt(PIECE_MARGIN_Y, CAPTCHA_HEIGHT_PX - CAPTCHA_PIECE_SIZE_PX - PIECE_MARGIN_Y + 1);
  const drawing = provider.draw({ width: CAPTCHA_WIDTH_PX, height: CAPTCHA_HEIGHT_PX, pieceSize: CAPTCHA_PIECE_SIZE_PX, targetX, pieceY });
  await db.insert(captchas).values({ id, targetX, createdAt: now, expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_S * 1000) });
  return {
    captcha_id: id,
    width: CAPTCHA_WIDTH_PX,
    height: CAPTCHA_HEIGHT_PX,
    piece_size: CAPTCHA_PIECE_SIZE_PX,
    piece_y: pieceY,
    image: drawing.image,
    piece: drawing.piece,
  };
}

/**
 * Takes the one answer of a puzzle: a verify_key for `web_action` when |x − gap| ≤
 * CAPTCHA_TOLERANCE_PX, else 400 滑块验证后端校验不通过 (also for an unknown, expired or used puzzle).
 * The puzzle is used up either way.
 */
export async function verifyCaptcha(
  db: DbOrTx,
  answer: CaptchaAnswer,
  now: Date,
  altcha: SignInProviders['altcha'] = signInProviders().altcha,
): Promise<{ verify_key: string }> {
  if ('altcha' in answer) return verifyAltcha(db, answer, now, altcha);
  const [puzzle] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, answer.captcha_id), eq(captchas.kind, 'slider'), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ targetX: captchas.targetX });
  if (!puzzle) throw badRequest(MSG_CAPTCHA_FAILED, { cause: new Error('unknown, used or expired captcha') });
  if (!Number.isFinite(answer.x) || Math.abs(answer.x - puzzle.targetX) > CAPTCHA_TOLERANCE_PX) {
    throw badRequest(MSG_CAPTCHA_FAILED, { cause: new Error('slider off target') });
  }
  return { verify_key: await issueVerifyKey(db, answer.web_action, now) };
}

/**
 * An ALTCHA payload: our signature, unexpired, solved, for this captcha_id (which its signed data
 * names), and the captcha's row still unused; the row is then used up by one conditional UPDATE,
 * so the same payload posted twice, by any process, buys one verify_key. 400 人机验证未通过 else.
 */
async function verifyAltcha(
  db: DbOrTx,
  answer: Extract<CaptchaAnswer, { altcha: string }>,
  now: Date,
  altcha: SignInProviders['altcha'],
): Promise<{ verify_key: string }> {
  if (!altcha) throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error('ALTCHA payload while CAPTCHA_PROVIDER is not altcha') });
  const verdict = await verifyAltchaPayload(await altchaKey(db, altcha), answer.altcha);
  if (!verdict.ok) throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error(`altcha payload refused: ${verdict.reason}`) });
  if (verdict.captchaId !== answer.captcha_id) throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error('altcha payload for another captcha_id') });
  const [row] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, answer.captcha_id), eq(captchas.kind, 'altcha'), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ id: captchas.id });
  if (!row) throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error('unknown, used or expired altcha captcha') });
  return { verify_key: await issueVerifyKey(db, answer.web_action, now) };
}
