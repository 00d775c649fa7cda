/**
 * The complaints feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { createComplaint, listComplaintTypes, listComplaints, loadComplaintAnswers, loadComplaintDecisions, ownerDecisionView } from '~/features/complaints/server/complaints';
export { signedInWithPhone } from '~/features/complaints/server/gates';
export { decideComplaint, getOpsComplaint, listOpsComplaints, resolveLoginFailure } from '~/features/complaints/server/ops';
export { buildTimeline, reshapeOrder } from '~/features/complaints/server/ops/detail';
export { complaintStatusText, complaintTypeName } from '~/features/complaints/server/ops/queue';
