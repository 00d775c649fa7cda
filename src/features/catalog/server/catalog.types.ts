/**
 * Shapes the catalogue and home services return besides the listing types. They moved to the wire
 * contract (src/features/catalog/contract/catalog.ts), which the routes name; this module keeps the
 * services' import path.
 */
export type {
  Announcement,
  AnnouncementSummary,
  Banner,
  BargainGame,
  HomeData,
  HomeSection,
  HotTag,
  PageRequest,
  ShopSummary,
} from '~/features/catalog/contract/catalog';
