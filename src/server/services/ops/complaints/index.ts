/** Complaint arbitration in the console (issue 15): the queue, one complaint, the decision. */
export { listOpsComplaints } from './queue';
export { getOpsComplaint } from './detail';
export { decideComplaint, complaintRefundRef } from './decide';
