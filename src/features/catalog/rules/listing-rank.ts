/**
 * Which availability group a listing falls in when a list is ordered (listings that
 * cannot be rented now must not lead 热租账号, the hall's default sort or its price sorts).
 *
 * The groups follow what the card shows (spec §4 availability, then bookable-now):
 * - 0 bookable: 'normal' and bookable now (可租)
 * - 1 reservable: 'appoint' (出租中可预约), or 'normal' outside its rental_time (非可租时段), which
 *   still takes a reservation
 * - 2 the rest: 'unavailable' (不可租) and 'maintenance' (维护中)
 * The requested sort applies within each group. The catalogue service orders by the same groups
 * in SQL (src/features/catalog/server/catalog.ts availabilityRankSql) so paging stays exact; the
 * integration tests check the two agree.
 */
import { AVAILABILITY_RANK } from '~/features/catalog/constants';
import type { Availability } from '~/features/catalog/rules/availability';

export type AvailabilityRank = (typeof AVAILABILITY_RANK)[keyof typeof AVAILABILITY_RANK];

export interface RankInput {
  availability: Availability;
  bookable_now: boolean;
}

export function availabilityRank(listing: RankInput): AvailabilityRank {
  switch (listing.availability) {
    case 'normal':
      return listing.bookable_now ? AVAILABILITY_RANK.bookable : AVAILABILITY_RANK.reservable;
    case 'appoint':
      return AVAILABILITY_RANK.reservable;
    case 'unavailable':
    case 'maintenance':
      return AVAILABILITY_RANK.unavailable;
  }
}
