/**
 * POST /api/v1/account/realName (Bearer) — body `{ name, id_number }` → `{ is_real_name: true,
 * real_name }` (spec §7 "POST user real-name"; §5 请输入真实姓名 / 请输入身份证号 / 请输入正确的身份证号;
 * §6 real-name verification). An ID number already verified on another account: 409
 * 该身份证号已被其他账号认证.
 */
import { signedIn } from '~/features/sign-in/server';
import { verifyRealName } from '~/features/account/server';
import { ACCOUNT_WIRE } from '~/features/account/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(ACCOUNT_WIRE.realName, signedIn, async (ctx, input, { userId }) => {
  return verifyRealName(ctx.db, userId, { name: input.name, idNumber: input.id_number });
});
