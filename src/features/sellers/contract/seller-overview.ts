/** GET seller/overview: 卖家中心's figures for today (server/seller-overview.ts). Money in fen. */
export interface SellerOverview {
  /** The shop's rentals running now. */
  running_rentals: number;
  /** Rentals paid since Shanghai midnight. */
  rentals_today: number;
  /** The seller's share of the rentals paid today. */
  earned_today_fen: number;
  /** Earnings released to the balance today. */
  released_today_fen: number;
  /** Earnings still frozen (rentals running or in the complaint window). */
  frozen_fen: number;
  listings: {
    on_shelf: number;
    pending_review: number;
    rejected: number;
    /** Held by the platform (a report, a take-down, a ban). */
    held: number;
  };
  /** What waits for the seller's answer. */
  to_answer: {
    complaints: number;
    login_failures: number;
    hafu_reports: number;
  };
}
