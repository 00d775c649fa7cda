/**
 * POST /api/v1/seller/complaints/answer (Bearer) `{ complaint_id, content, images }` →
 * SellerComplaint. content 5-500 characters without control characters; images: up to 6 ids (or
 * URLs) of the caller's own uploads with purpose complaint. 404 投诉不存在 for a complaint on
 * another seller's listing; 409 once the complaint is handled; 403 code 1101 without a shop.
 */
import { complaintAnswerBodySchema } from '~/features/sellers/contract/seller-earnings';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { answerComplaint } from '~/features/sellers/server/seller-orders';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const body = await readJson(ctx.request, complaintAnswerBodySchema);
  return ok(await answerComplaint(ctx.db, userId, body, now));
});

export const ALL = allowOnly('POST');
