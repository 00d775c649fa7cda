/**
 * GET /api/v1/qr/app/token?qr_token= — the token answer of a confirmed app scan login (spec §7
 * "GET app login token"), handed out once; before confirmation 400 请先在手机上确认登录, after the
 * first time 400 二维码已使用. Needs the qr_secret cookie.
 */
import { serve } from '~/platform/http/serve';
import { qrSecretFromRequest, redeemQrSession } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { GET, HEAD, ALL } = serve(SIGN_IN_WIRE.appToken, async ({ request, db }, { qr_token }) => {
  const redeemed = await redeemQrSession(
    db,
    { id: qr_token, browserSecret: qrSecretFromRequest(request) },
    new Date(),
    request.headers.get('user-agent'),
  );
  // An app confirmation is by a signed-in user, so it is always a token; the other branch is for completeness.
  return redeemed.kind === 'token' ? redeemed.answer : { temp_token: redeemed.temp_token };
});
