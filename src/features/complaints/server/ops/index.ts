/** Complaint arbitration in the console: the queue, one complaint, the decision. */
export { listOpsComplaints } from '~/features/complaints/server/ops/queue';
export { getOpsComplaint } from '~/features/complaints/server/ops/detail';
export { decideComplaint, complaintRefundRef } from '~/features/complaints/server/ops/decide';
export { loginFailureOfComplaint, resolveLoginFailure } from '~/features/complaints/server/ops/login-failure';
