/**
 * GET /api/v1/qr/wechat/status?sessionId= — one poll of a WeChat QR session (spec §4 WeChat
 * statuses, §7 "status by sessionId gives status, data.token, data.register"). On success the token
 * is handed out in this same answer, once: `token` (the token answer), or `register: true` with a
 * `temp_token` for /bind when the WeChat user has no phone yet. Needs the qr_secret cookie.
 */
import { z } from 'zod';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { pollQrSession, qrSecretFromRequest, redeemQrSession, wechatQrStatusOf } from '~/features/sign-in/server/qr-login';

const Query = z.object({ sessionId: z.string().min(1) });

export const GET = handle(async ({ request, url, db }) => {
  const { sessionId } = await readQuery(url, Query);
  const now = new Date();
  const browserSecret = qrSecretFromRequest(request);
  const poll = await pollQrSession(db, { id: sessionId, browserSecret, platform: 'wechat' }, now);
  if (poll.state !== 'logined') return ok({ status: wechatQrStatusOf(poll.state) });
  const redeemed = await redeemQrSession(db, { id: sessionId, browserSecret }, now, request.headers.get('user-agent'));
  return ok(
    redeemed.kind === 'token'
      ? { status: 'success', token: redeemed.answer }
      : { status: 'success', register: true, temp_token: redeemed.temp_token },
  );
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
