/**
 * POST /api/v1/qr/app/generate { fingerprint } — a new app scan-login QR (spec §7 "POST app
 * generate QR": data.qr_content, data.qr_token). qr_content is the URL the QR encodes (our mobile
 * confirm page), qr_image the QR itself; the browser secret goes in the qr_secret cookie.
 */
import { serve, withHeaders } from '~/platform/http/serve';
import { createQrSession, qrImageDataUrl, qrSecretFromRequest, qrSecretSetCookie, sandboxScanLink } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.appGenerate, async ({ request, url, db }, { fingerprint }) => {
  const session = await createQrSession(
    db,
    { platform: 'app', fingerprint, origin: url.origin, browserSecret: qrSecretFromRequest(request) },
    new Date(),
  );
  return withHeaders(
    { qr_content: session.scanUrl, qr_token: session.id, qr_image: qrImageDataUrl(session.scanUrl), ...sandboxScanLink(session.scanUrl) },
    { 'set-cookie': qrSecretSetCookie(session.browserSecret, url.protocol === 'https:') },
  );
});
