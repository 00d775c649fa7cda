/**
 * GET /api/v1/qr/qq/init — a new QQ QR session (spec §7 "init QQ login": header uid = fingerprint;
 * data.qrImage, data.sessionId). Without a fingerprint: 400 获取浏览器指纹失败 (spec §8's text).
 */
import { badRequest } from '~/platform/http/errors';
import { serve, withHeaders } from '~/platform/http/serve';
import {
  MSG_FINGERPRINT_MISSING,
  createQrSession,
  normaliseFingerprint,
  qrImageDataUrl,
  qrSecretFromRequest,
  qrSecretSetCookie,
  thirdPartyScanLinks,
} from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.qqInit, async ({ request, url, db }) => {
  const fingerprint = normaliseFingerprint(request.headers.get('uid'));
  if (!fingerprint) throw badRequest(MSG_FINGERPRINT_MISSING);
  const session = await createQrSession(
    db,
    { platform: 'qq', fingerprint, origin: url.origin, browserSecret: qrSecretFromRequest(request) },
    new Date(),
  );
  return withHeaders(
    { qrImage: qrImageDataUrl(session.scanUrl), sessionId: session.id, ...thirdPartyScanLinks(session) },
    { 'set-cookie': qrSecretSetCookie(session.browserSecret, url.protocol === 'https:') },
  );
});
