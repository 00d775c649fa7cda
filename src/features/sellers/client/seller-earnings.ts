/**
 * The seller's orders, complaint answers and earnings (contract in
 * features/sellers/contract/seller-earnings.ts). Every call needs the signed-in seller's token.
 */
import type { ComplaintAnswerBody, Page, SellerComplaint, SellerEarnings, SellerEarningsQuery, SellerOrder, SellerOrdersQuery } from '~/features/sellers/contract/seller-earnings';
import { call, type RequestOptions, upload } from '~/platform/client/client';
import { SELLER_ROUTES } from '~/features/sellers/routes';
import type { SellerOverview } from '~/features/sellers/contract/seller-overview';
import { UPLOAD_ROUTES } from '~/platform/wire/uploads';

export * from '~/features/sellers/contract/seller-earnings';

type Signal = Pick<RequestOptions, 'signal'>;

/** GET seller/orders: the orders on the caller's listings, newest first. */
export function listSellerOrders(query: SellerOrdersQuery, options: Signal = {}): Promise<Page<SellerOrder>> {
  return call(SELLER_ROUTES.orders, { ...query }, options);
}

/** POST seller/complaints/answer: 404 for another seller's complaint, 409 once it is handled. */
export function answerComplaint(body: { complaint_id: number; content: string; images: ComplaintAnswerBody['images'] }): Promise<SellerComplaint> {
  return call(SELLER_ROUTES.answerComplaint, { ...body });
}

/** POST seller/loginFailure/answer: 已修改密码 or 申诉 with evidence, once, within 2 hours of the report. */
export function answerLoginFailure(body: { case_id: number; answer: 'fixed' | 'dispute'; content?: string; images?: ComplaintAnswerBody['images'] }): Promise<SellerComplaint> {
  return call(SELLER_ROUTES.answerLoginFailure, { ...body });
}

/** GET seller/overview: 卖家中心's figures for today. */
export function getSellerOverview(options: Signal = {}): Promise<SellerOverview> {
  return call(SELLER_ROUTES.overview, {}, options);
}

/** GET seller/earnings: the figures, the 30-day series and one page of listing statistics. */
export function getSellerEarnings(query: SellerEarningsQuery, options: Signal = {}): Promise<SellerEarnings> {
  return call(SELLER_ROUTES.earnings, { ...query }, options);
}

/** What POST uploads/image answers (services/uploads.ts UploadedImage). */
export interface UploadedImageAnswer {
  id: number;
  card_url: string;
  detail_url: string;
  width: number;
  height: number;
}

/** POST uploads/image with purpose complaint: evidence for a complaint answer (JPEG, PNG or WebP, at most 5 MB). */
export function uploadComplaintImage(file: Blob): Promise<UploadedImageAnswer> {
  const form = new FormData();
  form.append('purpose', 'complaint');
  form.append('file', file);
  return upload(UPLOAD_ROUTES.image, form);
}
