/**
 * POST /api/v1/qr/cancel { scan_code } — the second device declined (spec §4: cancelled). Works for
 * every platform; cancelling twice is harmless, an expired or confirmed code is 400 二维码已失效.
 */
import { serve } from '~/platform/http/serve';
import { cancelQrSession } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.cancel, async ({ db }, { scan_code }) => {
  const cancelled = await cancelQrSession(db, { scanCode: scan_code }, new Date());
  return { status: cancelled.state };
});
