/** GET /api/v1/order/complaintTypes (public) → ComplaintType[] (spec §7 order "complaint types"). */
import { listComplaintTypes } from '~/features/complaints/server';
import { COMPLAINT_WIRE } from '~/features/complaints/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(COMPLAINT_WIRE.types, async () => listComplaintTypes());
