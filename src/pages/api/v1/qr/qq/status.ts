/**
 * GET /api/v1/qr/qq/status?sessionId= — one poll of a QQ QR session (spec §4 QQ numeric states:
 * 0 logined, 1 waiting, 2 scanned, 3 cancelled, 4 granting, 5 expired, 6 error; §7 data.resultStatus,
 * data.resultToken). On 0 the token answer is in resultToken, once; a QQ user without a phone gets
 * temp_token instead. Needs the qr_secret cookie.
 */
import { serve } from '~/platform/http/serve';
import { pollQrSession, qqQrCodeOf, qrSecretFromRequest, redeemQrSession } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.qqStatus, async ({ request, db }, { sessionId }) => {
  const now = new Date();
  const browserSecret = qrSecretFromRequest(request);
  const poll = await pollQrSession(db, { id: sessionId, browserSecret, platform: 'qq' }, now);
  const resultStatus = qqQrCodeOf(poll.state);
  if (poll.state !== 'logined') return { resultStatus };
  const redeemed = await redeemQrSession(db, { id: sessionId, browserSecret }, now, request.headers.get('user-agent'));
  return redeemed.kind === 'token' ? { resultStatus, resultToken: redeemed.answer } : { resultStatus, temp_token: redeemed.temp_token };
});
