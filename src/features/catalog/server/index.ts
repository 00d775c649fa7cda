/**
 * The catalog feature's door: what other features, the pages and app/ may use of its server.
 * Everything else under server/ is the feature's own; a name joins this list when another room
 * needs it (tests/unit/layout.test.ts refuses a reach past the door).
 */
export { listBesimilar } from '~/features/catalog/server/besimilar';
export { DEFAULT_SIMILAR_LIMIT, MAX_PAGE, accountDeleted, containsPattern, gameSelection, getListingDetail, getShop, isRowId, listBargainGames, listGameListItems, listGames, listHotGames, listPlatforms, listShopListings, listShops, listSimilarListings, listSpecialOffers, listTopCards, listZones, searchListings, selectCards } from '~/features/catalog/server/catalog';
export { loadHall, loadTejia } from '~/features/catalog/server/catalog-pages';
export { reshapeGame, reshapeListingCard } from '~/features/catalog/server/catalog.reshape';
export { getAnnouncement, getHomeData, listAnnouncements, listBanners, listHotTags } from '~/features/catalog/server/home';
export { accountState, listCollections, setCollected, setLike } from '~/features/catalog/server/listing-interactions';
export { detailPath, getLookStats } from '~/features/catalog/server/looking';
export { listGamesForOps, setGameMaintenance } from '~/features/catalog/server/ops-games';
export { listingsDueForRefresh, refreshRentedFlags } from '~/features/catalog/server/rented-flags';
export { clearSearchHistory, deleteSearch, listSearchHistory, recordSearch } from '~/features/catalog/server/search-history';
export { addSearchTemplate, listSearchTemplates, removeSearchTemplate } from '~/features/catalog/server/search-templates';
export { getListingRecord, getShopRecord, recordComplaint, recordLoginFailure, recordOwnerReply, markRentalStarted, recountListingStats } from '~/features/catalog/server/listing-record';
