/** GET /api/v1/order/complaintTypes (public) → ComplaintType[] (spec §7 order "complaint types"). */
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { listComplaintTypes } from '~/features/complaints/server/complaints';

export const GET = handle(async () => ok(listComplaintTypes()));

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
