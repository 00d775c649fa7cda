/**
 * The account feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { bindFirstPhone, changeEmail, changePassword, changePhone, listBindings, listDevices, MSG_PAY_PASSWORD_NOT_SET, requirePayPassword, requirePayPasswordIfSet, sendEmailBindCode, sendOwnVerifyCode, setPayPassword, signOutDevice, signOutEverywhereElse, unbindThirdParty, updateProfile, verifyIdentity } from '~/features/account/server/account-settings';
export { MSG_REAUTH_REQUIRED, oldContactsOf, recordSecurityChange, requireRecentIdentity, sendSecurityNotices } from '~/features/account/server/reauth';
export { getUserCredit } from '~/features/account/server/credit';
export { cancelPendingDeactivation, checkDeactivation, completeDueDeactivations, sendDeactivationCode, startDeactivation } from '~/features/account/server/deactivation';
export { clearFootprints, deleteFootprint, listFootprints, pruneOldFootprints, recordFootprint } from '~/features/account/server/footprints';
export { realNameRequired, requireRealName, verifyRealName } from '~/features/account/server/real-name';
export { CREATE_ATTEMPTS, createUser, getUserInfo, maskEmail, maskMobile, newInviteCode } from '~/features/account/server/users';
export type { UserInfo } from '~/features/account/server/users';
