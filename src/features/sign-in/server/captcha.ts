/**
 * The slider captcha (spec §7 "captcha v1 and v2", "POST validate code v2": captcha result and
 * web_action → data.verify_key; §8 滑块验证后端校验不通过; docs/sign-in-api.md "Captcha").
 *
 * A puzzle is drawn by a provider behind the SliderCaptchaProvider port; the gap's x stays in the
 * captchas table and is never sent as a number. One answer per puzzle: the row is marked used by
 * one conditional UPDATE whatever the answer, so a bot cannot try x = 60, 61, 62 ... on one
 * puzzle. A right answer buys a single-use verify_key for the web_action it was solved for.
 *
 * The only provider is the sandbox (src/platform/providers/captcha/sandbox.ts), which stops nothing
 * but a human-shaped mistake; see its comment. The port is src/platform/providers/captcha/port.ts.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CaptchaPuzzle } from '~/features/sign-in/contract';
import { CAPTCHA_LIFETIME_S, CAPTCHA_TOLERANCE_PX } from '~/features/sign-in/constants';
import type { DbOrTx } from '~/platform/db/client';
import { captchas, type VerifyAction } from '~/platform/db/schema';
import { badRequest } from '~/platform/http/errors';
import type { SliderCaptchaProvider } from '~/platform/providers/captcha/port';
import { signInProviders } from '~/platform/providers/sign-in-providers';
import { issueVerifyKey } from '~/features/sign-in/server/verify-keys';

/** spec §8: the toast of a refused slider. */
export const MSG_CAPTCHA_FAILED = '滑块验证后端校验不通过';

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
export type CaptchaChallenge = CaptchaPuzzle;

export interface CaptchaAnswer {
  captcha_id: string;
  /** Where the user dropped the piece's left edge, in puzzle pixels. */
  x: number;
  web_action: VerifyAction;
}

/** A new puzzle, valid CAPTCHA_LIFETIME_S from `now`, for one answer. */
export async function createCaptcha(
  db: DbOrTx,
  now: Date,
  provider: SliderCaptchaProvider = signInProviders().captcha,
): Promise<CaptchaChallenge> {
  const id = randomBytes(16).toString('hex');
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
export async function verifyCaptcha(db: DbOrTx, answer: CaptchaAnswer, now: Date): Promise<{ verify_key: string }> {
  const [puzzle] = await db
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.id, answer.captcha_id), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
    .returning({ targetX: captchas.targetX });
  if (!puzzle) throw badRequest(MSG_CAPTCHA_FAILED, { cause: new Error('unknown, used or expired captcha') });
  if (!Number.isFinite(answer.x) || Math.abs(answer.x - puzzle.targetX) > CAPTCHA_TOLERANCE_PX) {
    throw badRequest(MSG_CAPTCHA_FAILED, { cause: new Error('slider off target') });
  }
  return { verify_key: await issueVerifyKey(db, answer.web_action, now) };
}
