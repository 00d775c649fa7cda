/**
 * POST /api/v1/qr/scan { scan_code } — the second device opened the QR's page: waiting → scanned
 * (spec §4; QQ shows 2, the app `scanned`, WeChat stays `pending`). Answers the platform and state.
 */
import { serve } from '~/platform/http/serve';
import { markScanned } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.scan, async ({ db }, { scan_code }) => {
  const scanned = await markScanned(db, { scanCode: scan_code }, new Date());
  return { platform: scanned.platform, status: scanned.state };
});
