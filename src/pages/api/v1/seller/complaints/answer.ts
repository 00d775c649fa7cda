/**
 * POST /api/v1/seller/complaints/answer (Bearer) `{ complaint_id, content, images }` →
 * SellerComplaint. content 5-500 characters without control characters; images: up to 6 ids (or
 * URLs) of the caller's own uploads with purpose complaint. 404 投诉不存在 for a complaint on
 * another seller's listing; 409 once the complaint is handled; 403 code 1101 without a shop.
 */
import { signedIn } from '~/features/sign-in/server';
import { answerComplaint } from '~/features/sellers/server';
import { SELLER_WIRE } from '~/features/sellers/wire';
import { serve } from '~/platform/http/serve';

export const { POST, ALL } = serve(SELLER_WIRE.answerComplaint, signedIn, async (ctx, body, { userId, now }) => answerComplaint(ctx.db, userId, body, now));
