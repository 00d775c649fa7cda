/** The renter's complaint calls (spec §7 group complaint): the types, their own complaints, a new one. */
import { call, type RequestOptions } from '~/platform/client/client';
import type { Complaint, ComplaintType, Page } from '~/features/wallet/contract/money';
import { COMPLAINT_ROUTES } from '~/features/complaints/routes';

type Signal = Pick<RequestOptions, 'signal'>;

export function listComplaintTypes(options: Signal = {}): Promise<ComplaintType[]> {
  return call(COMPLAINT_ROUTES.types, undefined, options);
}

export function listComplaints(query: { page: number; page_size: number }, options: Signal = {}): Promise<Page<Complaint>> {
  return call(COMPLAINT_ROUTES.mine, { ...query }, options);
}

/** Needs a bound phone: 403 code 1004 当前账号未绑定手机号 otherwise. content 5-500 characters. */
export function createComplaint(orderNo: string, type: number, content: string, images: readonly number[] = []): Promise<Complaint> {
  return call(COMPLAINT_ROUTES.create, { order_no: orderNo, type, content, ...(images.length > 0 ? { images: [...images] } : {}) });
}
