/**
 * POST /api/v1/qr/app/generate { fingerprint } — a new app scan-login QR (spec §7 "POST app
 * generate QR": data.qr_content, data.qr_token). qr_content is the URL the QR encodes (our mobile
 * confirm page), qr_image the QR itself; the browser secret goes in the qr_secret cookie.
 */
import { z } from 'zod';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import {
  MSG_FINGERPRINT_MISSING,
  createQrSession,
  qrImageDataUrl,
  qrSecretFromRequest,
  qrSecretSetCookie,
  sandboxScanLink,
} from '~/features/sign-in/server/qr-login';

const Body = z.object({
  fingerprint: z.string({ error: MSG_FINGERPRINT_MISSING }).trim().min(1, { error: MSG_FINGERPRINT_MISSING }).max(128, { error: MSG_FINGERPRINT_MISSING }),
});

export const POST = handle(async ({ request, url, db }) => {
  const { fingerprint } = await readJson(request, Body);
  const session = await createQrSession(
    db,
    { platform: 'app', fingerprint, origin: url.origin, browserSecret: qrSecretFromRequest(request) },
    new Date(),
  );
  return ok(
    { qr_content: session.scanUrl, qr_token: session.id, qr_image: qrImageDataUrl(session.scanUrl), ...sandboxScanLink(session.scanUrl) },
    { headers: { 'set-cookie': qrSecretSetCookie(session.browserSecret, url.protocol === 'https:') } },
  );
});

export const ALL = allowOnly('POST');
