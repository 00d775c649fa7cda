/**
 * GET /api/v1/qr/app/status?qr_token= — one poll of an app scan-login QR (spec §4 app statuses;
 * ours: pending|scanned|confirmed|expired|cancelled|error, APP_QR_STATUSES). It never hands out
 * the token: after `confirmed` the browser calls GET qr/app/token. Needs the qr_secret cookie.
 */
import { serve } from '~/platform/http/serve';
import { appQrStatusOf, pollQrSession, qrSecretFromRequest } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.appStatus, async ({ request, db }, { qr_token }) => {
  const poll = await pollQrSession(
    db,
    { id: qr_token, browserSecret: qrSecretFromRequest(request), platform: 'app' },
    new Date(),
  );
  return { status: appQrStatusOf(poll.state) };
});
