/**
 * The free feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { createFreeOrder, listFreeOrders } from '~/features/free/server/free-orders';
export { freeCount, freePromotion, listFreeGames, listFreeOffers } from '~/features/free/server/free-rentals';
export { listFreeCoupons } from '~/features/free/server/free-coupons';
