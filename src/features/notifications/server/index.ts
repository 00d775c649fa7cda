/**
 * The notifications feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { ACCOUNT_SECURITY_TITLE, FREE_COUPON_RECEIVED_TITLE, RED_PACKET_RECEIVED_TITLE, freeCouponsReceivedText, notifyFreeCouponsReceived, notifyAccountSecurity, notifyComplaintAnswered, notifyComplaintDecided, notifyComplaintDecidedToOwner, notifyDepositReturned, notifyOrderPaid, notifyOrderRefund, orderPaidNotice, notifyRedPacketsReceived, notifyRentalEnded, notifyTaskOffer, notifyTaskOfferAccepted, notifyWithdrawalFailed, notifyWithdrawalPaid, notifyWithdrawalRefused, redPacketsReceivedText, sweepNotifications } from '~/features/notifications/server/notification-events';
export { broadcast, countSegmentUsers, getNotification, listNotifications, markAllNotificationsRead, markNotificationRead, notify, notifyAll, segmentUsers, unreadNotifications, type Notice } from '~/features/notifications/server/notifications';
export { sellerOrderLink } from '~/features/notifications/notification-links';
