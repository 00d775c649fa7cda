/**
 * GET /api/v1/pay/wechat/qr?pay_no= (Bearer) → the user's own WeChat Pay Native payment with its
 * QR (`qr_image`) while it can be paid; 404 for a pay_no that is not the user's. The page
 * /pay/wechat/<pay_no> is rendered without the token, so its island asks here.
 */
import { signedIn } from '~/features/sign-in/server';
import { wechatNativeQr } from '~/features/wallet/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.wechatQr, signedIn, async (ctx, { pay_no }, { userId, now }) =>
  wechatNativeQr(ctx.db, userId, pay_no, { origin: ctx.url.origin }, now),
);
