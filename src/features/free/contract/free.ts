/**
 * The free rentals as the API sends them (spec §7 free group): the offers' games, the offer cards,
 * the campaign and the signed-in user's allowance. The services (server/free-rentals.ts) build
 * them; the routes (routes.ts) name them.
 */
import type { GameRef, ListingCard } from '~/features/catalog/contract/catalog';

/** A game with active free offers, and how many (free/games). */
export interface FreeGame extends GameRef {
  offer_count: number;
}

/** A listing card with its free offer (free/list). */
export interface FreeOfferCard extends ListingCard {
  /** Hours the renter plays free (1-24). */
  free_hours: number;
  /** When the offer ends, ISO 8601. */
  ends_at: string;
}

/** free/promotion: the campaign text and the number of active offers. */
export interface FreePromotion {
  title: string;
  text: string;
  active_offers: number;
}

/** free/count: the signed-in user's free rentals of today (Shanghai day). */
export interface FreeCount {
  per_day: number;
  used_today: number;
  remaining: number;
}

export interface FreeListQuery {
  game_id?: number;
  page?: number;
  page_size?: number;
}

/**
 * free/coupons: one usable free-rental coupon (免费租号券) of the signed-in user. It pays `hours` of
 * a listing with a running free offer (at most the offer's own free hours), once.
 */
export interface FreeCoupon {
  id: number;
  name: string;
  /** Hours of free play it pays (1-24). */
  hours: number;
  /** ISO 8601. */
  received_at: string;
  /** ISO 8601; usable strictly before it. */
  expires_at: string;
}
