/**
 * GET /api/v1/qr/app/status?qr_token= — one poll of an app scan-login QR (spec §4 app statuses;
 * ours: pending|scanned|confirmed|expired|cancelled|error, APP_QR_STATUSES). It never hands out
 * the token: after `confirmed` the browser calls GET qr/app/token. Needs the qr_secret cookie.
 */
import { z } from 'zod';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { appQrStatusOf, pollQrSession, qrSecretFromRequest } from '~/features/sign-in/server/qr-login';

const Query = z.object({ qr_token: z.string().min(1) });

export const GET = handle(async ({ request, url, db }) => {
  const { qr_token } = await readQuery(url, Query);
  const poll = await pollQrSession(
    db,
    { id: qr_token, browserSecret: qrSecretFromRequest(request), platform: 'app' },
    new Date(),
  );
  return ok({ status: appQrStatusOf(poll.state) });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
