/**
 * The console overview's figures ("The numbers"), as the page receives them: one shape per
 * chart, money in integer fen. What each figure counts is in docs/decisions.md "Console overview
 *".
 */

export interface DashboardTrafficDay {
  day: string;
  /** Page-view records. */
  page_views: number;
  /** Distinct browser sessions (spec §3 onlyuser) with a page view that day. */
  visits: number;
  /** Distinct visitors: the signed-in user, else the session. */
  visitors: number;
}

export interface DashboardChannelRow {
  channel: string;
  visits: number;
  conversions: number;
}

export interface DashboardFunnel {
  /** Sessions that viewed a hall (a list of accounts). */
  listing: number;
  /** Sessions that viewed an account's detail page. */
  detail: number;
  /** Sessions that opened the order dialog (立即租号). */
  checkout: number;
  /** Renters with a paid rental order. */
  paid: number;
}

export interface DashboardMoneyDay {
  day: string;
  rentals: number;
  gmv_fen: number;
  commission_fen: number;
  refund_fen: number;
}

export interface DashboardTopGame {
  game_id: number;
  name: string;
  rentals: number;
  gmv_fen: number;
}

export interface DashboardTopListing {
  listing_id: number;
  title: string;
  game: string;
  rentals: number;
  gmv_fen: number;
}

export interface DashboardSellerComplaints {
  seller_user_id: number;
  shop: string;
  orders: number;
  complaints: number;
  /** complaints / orders, 0..1. */
  rate: number;
}

export interface DashboardOverview {
  from: string;
  to: string;
  traffic: DashboardTrafficDay[];
  channels: DashboardChannelRow[];
  funnel: DashboardFunnel;
  money: DashboardMoneyDay[];
  top_games: DashboardTopGame[];
  top_listings: DashboardTopListing[];
  complaint_rates: DashboardSellerComplaints[];
}
