/**
 * GET /api/v1/qr/wechat/status?sessionId= — one poll of a WeChat QR session (spec §4 WeChat
 * statuses, §7 "status by sessionId gives status, data.token, data.register"). On success the token
 * is handed out in this same answer, once: `token` (the token answer), or `register: true` with a
 * `temp_token` for /bind when the WeChat user has no phone yet. Needs the qr_secret cookie.
 */
import { serve } from '~/platform/http/serve';
import { pollQrSession, qrSecretFromRequest, redeemQrSession, wechatQrStatusOf } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.wechatStatus, async ({ request, db }, { sessionId }) => {
  const now = new Date();
  const browserSecret = qrSecretFromRequest(request);
  const poll = await pollQrSession(db, { id: sessionId, browserSecret, platform: 'wechat' }, now);
  if (poll.state !== 'logined') return { status: wechatQrStatusOf(poll.state) };
  const redeemed = await redeemQrSession(db, { id: sessionId, browserSecret }, now, request.headers.get('user-agent'));
  return redeemed.kind === 'token'
    ? { status: 'success', token: redeemed.answer }
    : { status: 'success', register: true, temp_token: redeemed.temp_token };
});
