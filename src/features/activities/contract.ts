/**
 * Wire shapes of invitations (推广 account_extension), the new-user ranking and its lottery
 * (spec §7 account "invitations", rank group "activity, invite, draw lottery").
 */

export type InvitationState = 'pending' | 'rewarded' | 'refused';

export interface InvitedUser {
  /** Masked: 138****0001. */
  who: string;
  registered_at: string;
  state: InvitationState;
  /** 待首单完成 / 已奖励 / 不计奖励：<reason>. */
  state_text: string;
  /** Gold coins it earned the inviter. */
  coins: number;
}

export interface InvitationsOverview {
  invite_code: string;
  /** The register link carrying the code. */
  invite_link: string;
  /** The link as a QR code, an SVG data: URL. */
  qr_data_url: string;
  /** Coins per rewarded invitation. */
  reward_coins: number;
  invited: number;
  rewarded: number;
  coins_earned: number;
  list: InvitedUser[];
}

export interface RankingRow {
  rank: number;
  who: string;
  count: number;
  prize_coins: number;
}

export interface RankingAnswer {
  /** The activity window, ISO instants (start inclusive, end exclusive). */
  starts_at: string;
  ends_at: string;
  prizes: { from_rank: number; to_rank: number; coins: number }[];
  rows: RankingRow[];
  /** The caller's own place; null when signed out. rank null: no valid invitation yet. */
  mine: { rank: number | null; count: number; prize_coins: number; invite_code: string } | null;
}

export interface LotteryPrize {
  id: number;
  name: string;
  coins: number;
  /** null: unlimited. */
  stock: number | null;
  /** Percent chance while every prize is in stock, one decimal. */
  chance_percent: number;
}

export interface LotteryOverview {
  prizes: LotteryPrize[];
  /** Draw chances left; null when signed out. */
  chances: number | null;
  /** The caller's latest draws. */
  draws: { prize: string; coins: number; drawn_at: string }[];
}

export interface DrawResult {
  prize_id: number;
  prize: string;
  coins: number;
  chances: number;
}

/** GET rank/freeOrder: the caller's standing in the new-user free first order. */
export interface FreeOrderStanding {
  state: 'eligible' | 'used' | 'rented_before' | 'not_new';
  text: string;
  /** Until when the user counts as new, ISO. */
  deadline: string;
}
