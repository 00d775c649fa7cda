/**
 * The sellers feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { countPendingListings, decideListing, listReviewQueue, restoreListing, searchListingsForOps, takeDownListing } from '~/features/sellers/server/ops-listings';
export { decideApplication, listApplications, listShopsForOps, setShopReview } from '~/features/sellers/server/ops-sellers';
export { getSellerEarnings } from '~/features/sellers/server/seller-earnings';
export { getSellerOverview } from '~/features/sellers/server/seller-overview';
export { bulkChangeSellerListingPrice, bulkChangeSellerListingState, changeSellerListingState, createSellerListing, deleteSellerListing, getSellerListing, getSellerListingCredentials, listSellerListings, sellerListingOptions, updateSellerListing } from '~/features/sellers/server/seller-listings';
export { answerComplaint, answerLoginFailure, listSellerOrders } from '~/features/sellers/server/seller-orders';
export { getSellerProfile, submitCertification, withdrawCertification } from '~/features/sellers/server/sellers';
export { ledgerIdentity, openRentalEarnings, releaseDueEarnings, syncEarnings } from '~/features/sellers/server/settlement';
export { notifyComplaintFiled, notifyHafuReported, notifyHafuSettledToOwner, notifyListingHeld, notifyListingRestored, notifyLoginFailure } from '~/features/sellers/server/seller-notification-events';
