/**
 * The catalogue's shapes moved to the wire contract, src/features/catalog/contract/catalog.ts. This module
 * keeps the old import path working for the many readers (islands, services, tests) that other
 * engineers are moving at the same time; new code imports the contract directly.
 */
export type {
  Availability,
  CertType,
  GameListItem,
  GameOption,
  GameRef,
  HallQuery,
  HallSort,
  ListingActivity,
  ListingAttr,
  ListingCard,
  ListingDetail,
  Page,
  Platform,
  RentalPeriodFlags,
  RentalPromotion,
  Zone,
} from '~/features/catalog/contract/catalog';
export { HALL_SORTS, RENTAL_PERIOD_FLAGS } from '~/features/catalog/contract/catalog';
