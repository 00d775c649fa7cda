/**
 * GET /api/v1/qr/app/token?qr_token= — the token answer of a confirmed app scan login (spec §7
 * "GET app login token"), handed out once; before confirmation 400 请先在手机上确认登录, after the
 * first time 400 二维码已使用. Needs the qr_secret cookie.
 */
import { z } from 'zod';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { qrSecretFromRequest, redeemQrSession } from '~/features/sign-in/server/qr-login';

const Query = z.object({ qr_token: z.string().min(1) });

export const GET = handle(async ({ request, url, db }) => {
  const { qr_token } = await readQuery(url, Query);
  const redeemed = await redeemQrSession(
    db,
    { id: qr_token, browserSecret: qrSecretFromRequest(request) },
    new Date(),
    request.headers.get('user-agent'),
  );
  // An app confirmation is by a signed-in user, so it is always a token; the other branch is for completeness.
  return ok(redeemed.kind === 'token' ? redeemed.answer : { temp_token: redeemed.temp_token });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
