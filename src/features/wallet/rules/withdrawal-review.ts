/**
 * Whether a withdrawal waits for a finance operator (setting withdrawal.review): only
 * when review is on and the amount is strictly above the threshold (¥100 by default: exactly ¥100
 * goes straight to the payout).
 */
export interface WithdrawalReviewSetting {
  enabled: boolean;
  above_fen: number;
}

export function needsReview(review: WithdrawalReviewSetting, amountFen: number): boolean {
  return review.enabled && amountFen > review.above_fen;
}
