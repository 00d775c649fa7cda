/**
 * GET /api/v1/qr/qq/init — a new QQ QR session (spec §7 "init QQ login": header uid = fingerprint;
 * data.qrImage, data.sessionId). Without a fingerprint: 400 获取浏览器指纹失败 (spec §8's text).
 */
import { badRequest } from '~/platform/http/errors';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import {
  MSG_FINGERPRINT_MISSING,
  createQrSession,
  normaliseFingerprint,
  qrImageDataUrl,
  qrSecretFromRequest,
  qrSecretSetCookie,
  thirdPartyScanLinks,
} from '~/features/sign-in/server/qr-login';

export const GET = handle(async ({ request, url, db }) => {
  const fingerprint = normaliseFingerprint(request.headers.get('uid'));
  if (!fingerprint) throw badRequest(MSG_FINGERPRINT_MISSING);
  const session = await createQrSession(
    db,
    { platform: 'qq', fingerprint, origin: url.origin, browserSecret: qrSecretFromRequest(request) },
    new Date(),
  );
  return ok(
    { qrImage: qrImageDataUrl(session.scanUrl), sessionId: session.id, ...thirdPartyScanLinks(session) },
    { headers: { 'set-cookie': qrSecretSetCookie(session.browserSecret, url.protocol === 'https:') } },
  );
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
