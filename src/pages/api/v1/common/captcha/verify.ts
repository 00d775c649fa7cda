/**
 * POST /api/v1/common/captcha/verify — the slider's answer (spec §7 "POST validate code v2":
 * captcha result and web_action → data.verify_key; §8 滑块验证后端校验不通过). Body
 * { captcha_id, x, web_action }; one answer per puzzle.
 */
import { z } from 'zod';
import { CAPTCHA_ACTIONS as VERIFY_ACTIONS } from '~/features/sign-in/contract';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { verifyCaptcha } from '~/features/sign-in/server/captcha';

const bodySchema = z.object({
  captcha_id: z.string().min(1).max(32),
  x: z.number().min(0).max(1000),
  web_action: z.enum(VERIFY_ACTIONS),
});

export const POST = handle(async ({ request, db }) => {
  const answer = await readJson(request, bodySchema);
  return ok(await verifyCaptcha(db, answer, new Date()));
});

export const ALL = allowOnly('POST');
