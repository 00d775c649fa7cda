/** Complaint arbitration in the console (issue 15): the queue, one complaint, the decision. */
export { listOpsComplaints } from '~/server/services/ops/complaints/queue';
export { getOpsComplaint } from '~/server/services/ops/complaints/detail';
export { decideComplaint, complaintRefundRef } from '~/server/services/ops/complaints/decide';
