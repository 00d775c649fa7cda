/**
 * The console feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { approvalKindsFor, approvalView, approveRequest, cancelRequest, listApprovals, pendingApprovalIds, pendingApprovalOf, rejectRequest, requestApproval } from '~/features/console/server/approvals';
export type { ApprovalRequest } from '~/features/console/server/approvals';
export { auditOf, auditQueryFrom, searchAudit, writeAudit } from '~/features/console/server/audit';
export { loadDashboard } from '~/features/console/server/dashboard';
export { pruneLoginThrottle } from '~/features/console/server/login-throttle';
export { num, rows, sessionKey, shanghaiDay, within } from '~/features/console/server/dashboard-sql';
export type { TimeSpan } from '~/features/console/server/dashboard-sql';
export { changeOwnPassword, createOperator, createOperatorAsAdmin, listOperators, operatorMe, resetOperatorPassword, signInOperator, signOutOperator, updateOperator } from '~/features/console/server/operators';
export type { NewOperator } from '~/features/console/server/operators';
export { clearedSessionCookieHeader, operatorSessionToken, opsAllowOnly, requireOperator, serveConsole, serveSecondFactor, sessionCookieHeader } from '~/features/console/server/ops-auth';
export { beginTotpEnrolment, confirmTotpEnrolment, enrolTotpWithSecret, resetOperatorTotp, totpStatus, verifySecondFactor } from '~/features/console/server/totp';
export type { OperatorActor } from '~/features/console/server/ops-auth';
export { OPS_TABLE_PAGE_SIZE, enumParam, operatorOnLoginPage, opsAnyOperatorGate, opsDetailById, opsPageGate, pageNumberParam, readPageQuery, textParam } from '~/features/console/server/ops-pages';
export { getOpsOrder, searchOrders } from '~/features/console/server/orders';
export { deleteDownloadBuild, readConsoleSettings, saveCommission, saveContacts, saveDownload, uploadDownloadBuild, saveFiling, saveHold, saveReview, saveWechat, saveWithdrawReview } from '~/features/console/server/settings';
export { adjustWallet, banUser, getOpsUser, liftEndedBans, searchUsers, unbanUser } from '~/features/console/server/users';
