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
 * With CAPTCHA_PROVIDER=aliyun they carry what Aliyun's widget needs and its captchaVerifyParam,
 * which Aliyun's VerifyIntelligentCaptcha judges (providers/captcha/aliyun.ts).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CaptchaChallenge as CaptchaChallengeShape } from '~/features/sign-in/contract';
import { ALIYUN_CAPTCHA_LIFETIME_S, CAPTCHA_LIFETIME_S, CAPTCHA_TOLERANCE_PX } from '~/features/sign-in/constants';
import type { DbOrTx } from '~/platform/db/client';
import { captchas, type VerifyAction } from '~/platform/db/schema';
import { AppError, badRequest } from '~/platform/http/errors';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { log } from '~/platform/config/log';
import { sharedSecret } from '~/platform/db/app-secrets';
import { createAltchaChallenge, verifyAltchaPayload, type AltchaSettings } from '~/platform/providers/captcha/altcha';
import type { SliderCaptchaProvider } from '~/platform/providers/captcha/port';
import { signInProviders, type SignInProviders } from '~/platform/providers/sign-in-providers';
import { issueVerifyKey } from '~/features/sign-in/server/verify-keys';

/** spec §8: the toast of a refused slider. */
export const MSG_CAPTCHA_FAILED = '滑块验证后端校验不通过';
/** A refused ALTCHA payload (unsolved, tampered, expired or used before). */
export const MSG_ALTCHA_FAILED = '人机验证未通过，请重试';
/** Aliyun's verification did not answer (timeout, network, its outage): nothing the person did wrong. */
export const MSG_ALIYUN_UNAVAILABLE = '人机验证服务暂时不可用，请稍后重试';
/** How long the client is told to wait after Aliyun did not answer. */
const ALIYUN_RETRY_AFTER_S = 10;
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
    }
  | {
      captcha_id: string;
      /** The Aliyun widget's captchaVerifyParam, passed on to VerifyIntelligentCaptcha as is. */
      aliyun: string;
      web_action: VerifyAction;
    };

type AltchaChoice = NonNullable<SignInProviders['altcha']>;

async function altchaKey(db: DbOrTx, choice: AltchaChoice): Promise<string> {
  return choice.hmacKey ?? sharedSecret(db, ALTCHA_KEY_SECRET, () => randomBytes(32).toString('hex'));
}

/**
 * A new captcha for one answer: what Aliyun's widget needs when the site runs Aliyun Captcha 2.0
 * (valid ALIYUN_CAPTCHA_LIFETIME_S), an ALTCHA challenge when it runs ALTCHA, else a slider puzzle
 * drawn by `provider` (both valid CAPTCHA_LIFETIME_S).
 */
export async function createCaptcha(
  db: DbOrTx,
  now: Date,
  provider: SliderCaptchaProvider = signInProviders().captcha,
  altcha: SignInProviders['altcha'] = signInProviders().altcha,
  aliyun: SignInProviders['aliyun'] = signInProviders().aliyun,
): Promise<CaptchaChallenge> {
  const id = randomBytes(16).toString('hex');
  if (aliyun) {
    await db.insert(captchas).values({ id, kind: 'aliyun', targetX: 0, createdAt: now, expiresAt: new Date(now.getTime() + ALIYUN_CAPTCHA_LIFETIME_S * 1000) });
    return { kind: 'aliyun', captcha_id: id, scene_id: aliyun.sceneId, prefix: aliyun.prefix, region: aliyun.region, script_url: aliyun.scriptUrl };
  }
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
  aliyun: SignInProviders['aliyun'] = signInProviders().aliyun,
): Promise<{ verify_key: string }> {
  if ('altcha' in answer) return verifyAltcha(db, answer, now, altcha);
  if ('aliyun' in answer) return verifyAliyun(db, answer, now, aliyun);
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

/**
 * An Aliyun widget's answer. The row is used up first, by one conditional UPDATE that also records
 * the parameter's hash under a unique index, so the same parameter, posted twice to any process
 * and for any captcha_id, reaches Aliyun at most once; only then is Aliyun asked. A refusal is
 * 400 人机验证未通过; Aliyun not answering is 503 人机验证服务暂时不可用 (fail closed, see
 * docs/decisions.md "Captcha: Aliyun Captcha 2.0"); either way the row is spent and the widget
 * starts again with a new captcha.
 */
async function verifyAliyun(
  db: DbOrTx,
  answer: Extract<CaptchaAnswer, { aliyun: string }>,
  now: Date,
  aliyun: SignInProviders['aliyun'],
): Promise<{ verify_key: string }> {
  if (!aliyun) throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error('Aliyun answer while CAPTCHA_PROVIDER is not aliyun') });
  const answerHash = createHash('sha256').update(answer.aliyun, 'utf8').digest('hex');
  let claimed: { id: string } | undefined;
  try {
    [claimed] = await db
      .update(captchas)
      .set({ usedAt: now, answerHash })
      .where(and(eq(captchas.id, answer.captcha_id), eq(captchas.kind, 'aliyun'), isNull(captchas.usedAt), gt(captchas.expiresAt, now)))
      .returning({ id: captchas.id });
  } catch (error) {
    // The row's only unique key besides its id (which this UPDATE does not change).
    if (violatedUniqueConstraint(error) !== null) {
      throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error('aliyun captchaVerifyParam used before') });
    }
    throw error;
  }
  if (!claimed) throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error('unknown, used or expired aliyun captcha') });
  const verdict = await aliyun.verifier.verify(answer.aliyun);
  if (verdict.ok) {
    // Test mode (T005) in production passes everyone: worth a line in the log.
    if (verdict.verifyCode !== 'T001') log.warn('aliyun captcha passed with a non-standard code', { verifyCode: verdict.verifyCode });
    return { verify_key: await issueVerifyKey(db, answer.web_action, now) };
  }
  if (verdict.reason === 'misconfigured') {
    // Every answer fails until the operator fixes the keys or the scene: say so where they look.
    log.error('aliyun captcha misconfigured: check ALIYUN_CAPTCHA_ACCESS_KEY_ID/SECRET and ALIYUN_CAPTCHA_SCENE_ID', { detail: verdict.detail });
    throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error(`aliyun captcha misconfigured: ${verdict.detail}`) });
  }
  if (verdict.reason === 'unavailable') {
    log.error('aliyun captcha unavailable', { detail: verdict.detail });
    throw new AppError(1, MSG_ALIYUN_UNAVAILABLE, 503, {
      cause: new Error(`aliyun captcha unavailable: ${verdict.detail}`),
      headers: { 'retry-after': String(ALIYUN_RETRY_AFTER_S) },
    });
  }
  throw badRequest(MSG_ALTCHA_FAILED, { cause: new Error(`aliyun captcha refused: ${verdict.detail}`) });
}
