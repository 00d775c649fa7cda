/**
 * POST /api/v1/common/captcha — a slider puzzle (spec §7 "captcha v1"; docs/sign-in-api.md
 * "Captcha"): { captcha_id, width, height, piece_size, piece_y, image, piece }. The body is not
 * read. The gap's x stays on the server. Puzzles per IP are limited, so nobody can fill the
 * table or farm puzzles.
 */
import { CAPTCHAS_PER_IP_PER_MINUTE } from '~/platform/config/constants';
import { clientIp } from '~/platform/http/client-ip';
import { serve } from '~/platform/http/serve';
import { createCaptcha } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';
import { enforceRateLimits } from '~/platform/db/rate-limit';

export const { POST, ALL } = serve(SIGN_IN_WIRE.captcha, async ({ astro, db }) => {
  const now = new Date();
  await enforceRateLimits(db, [{ bucket: `captcha:ip:${clientIp(astro)}`, limit: CAPTCHAS_PER_IP_PER_MINUTE, windowS: 60 }], now);
  return createCaptcha(db, now);
});
