/**
 * POST /api/v1/seller/loginFailure/answer (Bearer) `{ case_id, answer: 'fixed' | 'dispute', content?, images? }`
 * → SellerComplaint. 已修改密码 puts a paused listing back on the shelf; 申诉 (5-500 characters,
 * up to 6 of the caller's own complaint uploads) sends the case to an operator. 404 上报记录不存在
 * for another seller's report; 409 once answered or past the 2-hour window; 403 code 1101 without a shop.
 */
import { signedIn } from '~/features/sign-in/server';
import { answerLoginFailure } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.answerLoginFailure, signedIn, async (ctx, body, { userId, now }) => answerLoginFailure(ctx.db, userId, body, now));
