/**
 * GET /api/v1/pay/wechat/qr?pay_no= (Bearer) → the user's own WeChat Pay Native payment with its
 * QR (`qr_image`) while it can be paid; 404 for a pay_no that is not the user's. The page
 * /pay/wechat/<pay_no> is rendered without the token, so its island asks here.
 */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { wechatNativeQr } from '~/features/wallet/server/wechat-native';

const Query = z.object({ pay_no: z.string().trim().min(1).max(40) });

export const GET = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { pay_no } = await readQuery(ctx.url, Query);
  return ok(await wechatNativeQr(ctx.db, userId, pay_no, { origin: ctx.url.origin }, now));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
