/**
 * The orders feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { bookListing, mappingDoubleBooking, restoreEnvelopes } from '~/features/orders/server/booking';
export type { BookedOrderValues } from '~/features/orders/server/booking';
export { recordReveal, revealSource, revealsForOrder } from '~/features/orders/server/credential-reveals';
export type { RevealSource } from '~/features/orders/server/credential-reveals';
export { listingDaysAhead } from '~/features/orders/server/days-ahead';
export { credentialsKey, decryptWith, encryptWith, readListingCredentials, setListingCredentials } from '~/features/orders/server/credentials';
export { sandboxOnly, sandboxSignedIn, signedInWithKey } from '~/features/orders/server/gates';
export { cancelOrder, chargeGameMoney, checkRenew, getCredentials, previewCancel, renewOrder, sweepOrders } from '~/features/orders/server/order-lifecycle';
export { newNumber } from '~/features/orders/server/order-numbers';
export { MSG_GATEWAY_BUSY, checkoutOrder, createRecharge, gatewayCheckoutRequest, handlePaymentNotify, payOrder, paymentNotifyAnswer, publicBase } from '~/features/orders/server/order-payment';
export type { SiteUrls } from '~/features/orders/server/order-payment';
export { MSG_ORDER_NOT_FOUND, findOwnOrder, loadOrderRecords, loadOrderRecordsByIds, orderViewById, toOrderView } from '~/features/orders/server/order-view';
export type { OrderRecord } from '~/features/orders/server/order-view';
export { createOrder, getOrderInfo, getOwnOrderView, listOrders, quoteFor, toQuoteView } from '~/features/orders/server/orders';
export { chargeOwner, collectOwnerCharges, ownerChargesSummary, ownersWithCharges } from '~/features/orders/server/owner-charges';
export { fastForwardRental } from '~/features/orders/server/sandbox-clock';
export {
  answerHafuReport,
  getOpsHafu,
  getOwnerHafu,
  getRenterHafu,
  hafuIdentityFigures,
  listHafuDisputes,
  reportHafuCoins,
  resolveHafuDispute,
  sweepHafuSettlements,
} from '~/features/orders/server/hafu-settlement';
export { LOGIN_FAILURE_PAUSE_REASON, LOGIN_FAILURE_TAKEDOWN_REASON, compensationRef, renterReportCounts, reportLoginFailure } from '~/features/orders/server/login-failure';
