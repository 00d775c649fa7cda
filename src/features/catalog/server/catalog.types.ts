/**
 * Shapes the catalogue and home services return besides the contract types of
 * src/features/catalog/contract/catalog.ts (which they implement exactly). Plain data with no server imports, so
 * they can move next to the contract types when an island needs them.
 */
import type { CertType, GameRef, ListingCard } from '~/features/catalog/contract/catalog';

/** A page request: 1-based page, page_size defaulted and capped by the service. */
export interface PageRequest {
  page?: number;
  page_size?: number;
}

/** A game of the special-offer page (spec §7 tejia "bargain games") with how many offers it has. */
export interface BargainGame extends GameRef {
  listing_count: number;
}

/** A shop as the shop list (/dianpu) and a shop's page show it. */
export interface ShopSummary {
  id: number;
  name: string;
  logo: string | null;
  /** spec §3 merchantInfo.cert_type: 1 = store, 2 = merchant, 0 = individual. */
  cert_type: CertType;
  is_merchant: boolean;
  is_store: boolean;
  /** Listed accounts of the shop. */
  listing_count: number;
  created_at: string;
}

/** A banner ad of the home carousel (spec §7 home "ad list"). */
export interface Banner {
  id: number;
  title: string;
  image: string;
  href: string;
}

/** An announcement in a list: the title, a short summary and when it was published. */
export interface AnnouncementSummary {
  id: number;
  title: string;
  summary: string;
  is_pinned: boolean;
  /** ISO 8601. */
  published_at: string;
}

/** An announcement's detail page (spec §7 home "announcements list and detail"). */
export interface Announcement extends AnnouncementSummary {
  /** The Markdown as written. */
  content: string;
  /** The content rendered by the server's one Markdown renderer: safe to put in a page as it is. */
  content_html: string;
}

/** A hot search tag under the home search box (spec §7 home "hot tags"). */
export interface HotTag {
  id: number;
  name: string;
  keyword: string;
  /** Where a click goes: the tag's own link, else the hall searching its keyword. */
  href: string;
}

/** A home section of recommended listings for one hot game. */
export interface HomeSection {
  title: string;
  game: GameRef;
  listings: ListingCard[];
}

/** Everything the home page shows (spec §7 home call group, "Home"). */
export interface HomeData {
  banners: Banner[];
  hotGames: GameRef[];
  /** Top listings by popularity (spec "hot cards"). */
  hotCards: ListingCard[];
  /** The latest announcements, pinned first. */
  announcements: AnnouncementSummary[];
  hotTags: HotTag[];
  sections: HomeSection[];
}
