/**
 * The 推荐 badge (docs/decisions.md "推荐 badge"). It used to follow
 * top_shelf, and since the default order puts top-shelf listings first, nearly every card on the
 * first pages wore it and it said nothing. Now a list gives it to at most
 * RECOMMENDED_BADGES_PER_LIST of its cards: the most popular (人气) among those a renter can rent
 * right now (可租), popularity at least RECOMMENDED_MIN_POPULARITY, the newer id first on a tie.
 * A card that cannot be rented now is never recommended, whatever its popularity.
 *
 * Decided per list from the cards' own fields, so every list (hall, home sections, similar,
 * shop) applies one rule without another query; top_shelf still orders the lists.
 */
import { AVAILABILITY_RANK, RECOMMENDED_BADGES_PER_LIST, RECOMMENDED_MIN_POPULARITY } from '~/features/catalog/constants';
import { availabilityRank, type RankInput } from '~/features/catalog/rules/listing-rank';

export interface RecommendInput extends RankInput {
  id: number;
  popularity: number;
}

/** Ids of the cards of `list` that wear 推荐. */
export function recommendedListingIds(list: readonly RecommendInput[], limit: number = RECOMMENDED_BADGES_PER_LIST): Set<number> {
  const candidates = list.filter(
    (card) => availabilityRank(card) === AVAILABILITY_RANK.bookable && Number.isFinite(card.popularity) && card.popularity >= RECOMMENDED_MIN_POPULARITY,
  );
  candidates.sort((a, b) => b.popularity - a.popularity || b.id - a.id);
  return new Set(candidates.slice(0, Math.max(0, limit)).map((card) => card.id));
}
