/**
 * GET /api/v1/qr/wechat/init — a new WeChat official-account QR session (spec §7 "init wechat
 * official-account login": session_id, qrcode_url; docs/sign-in-api.md "QR login"). The QR encodes
 * the sandbox authorisation page, or with live WeChat login the qrconnect page, also answered as
 * authorize_url for the browser to open (docs/providers-sign-in.md); the browser secret goes in the
 * HttpOnly qr_secret cookie.
 */
import { serve, withHeaders } from '~/platform/http/serve';
import { createQrSession, qrImageDataUrl, qrSecretFromRequest, qrSecretSetCookie, thirdPartyScanLinks } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.wechatInit, async ({ request, url, db }) => {
  const session = await createQrSession(
    db,
    { platform: 'wechat', origin: url.origin, browserSecret: qrSecretFromRequest(request) },
    new Date(),
  );
  return withHeaders(
    { session_id: session.id, qrcode_url: qrImageDataUrl(session.scanUrl), ...thirdPartyScanLinks(session) },
    { 'set-cookie': qrSecretSetCookie(session.browserSecret, url.protocol === 'https:') },
  );
});
