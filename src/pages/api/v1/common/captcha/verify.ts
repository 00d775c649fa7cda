/**
 * POST /api/v1/common/captcha/verify — the slider's answer (spec §7 "POST validate code v2":
 * captcha result and web_action → data.verify_key; §8 滑块验证后端校验不通过). Body
 * { captcha_id, x, web_action }; one answer per puzzle.
 */
import { serve } from '~/platform/http/serve';
import { verifyCaptcha } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.verifyCaptcha, async ({ db }, answer) => verifyCaptcha(db, answer, new Date()));
