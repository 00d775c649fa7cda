/**
 * The credit score ("Credit: a score from completed rentals, complaints upheld against the
 * user and cancellations, shown with what moves it"; spec §7 account "credit"). Pure: counts in,
 * score and its parts out, so the page shows exactly what the server computed.
 *
 * - Every completed rental adds CREDIT_PER_COMPLETED_RENTAL, up to CREDIT_COMPLETED_RENTALS_CAP
 *   rentals (so volume alone cannot outweigh upheld complaints forever).
 * - Every complaint upheld against the user (a decision other than 驳回 on an order of a listing
 *   in the user's own shop) costs CREDIT_PER_UPHELD_COMPLAINT.
 * - Every paid rental the user cancelled beyond the first CREDIT_FREE_CANCELLATIONS costs
 *   CREDIT_PER_CANCELLATION (unpaid orders that time out are not cancellations of a rental).
 * The sum starts at CREDIT_BASE_SCORE and is clamped to [CREDIT_MIN_SCORE, CREDIT_MAX_SCORE].
 */
import { CREDIT_BASE_SCORE, CREDIT_COMPLETED_RENTALS_CAP, CREDIT_FREE_CANCELLATIONS, CREDIT_MAX_SCORE, CREDIT_MIN_SCORE, CREDIT_PER_CANCELLATION, CREDIT_PER_COMPLETED_RENTAL, CREDIT_PER_UPHELD_COMPLAINT } from '~/features/account/constants';

export interface CreditInput {
  completedRentals: number;
  upheldComplaints: number;
  cancellations: number;
}

export type CreditFactorKey = 'completed_rentals' | 'upheld_complaints' | 'cancellations';

export interface CreditFactor {
  key: CreditFactorKey;
  label: string;
  count: number;
  /** Points this factor adds (negative: takes away). */
  points: number;
  /** How the factor moves the score, in the page's words. */
  rule: string;
}

export interface CreditScore {
  score: number;
  level: string;
  base: number;
  factors: CreditFactor[];
}

/** Levels from the top: the first whose floor the score reaches. */
export const CREDIT_LEVELS: readonly { floor: number; label: string }[] = [
  { floor: 800, label: '信用极好' },
  { floor: 700, label: '信用优秀' },
  { floor: 600, label: '信用良好' },
  { floor: 500, label: '信用中等' },
  { floor: 0, label: '信用较差' },
];

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

export function creditLevel(score: number): string {
  return CREDIT_LEVELS.find((level) => score >= level.floor)!.label;
}

export function computeCredit(input: CreditInput): CreditScore {
  const completed = count(input.completedRentals);
  const upheld = count(input.upheldComplaints);
  const cancelled = count(input.cancellations);
  const factors: CreditFactor[] = [
    {
      key: 'completed_rentals',
      label: '完成的租号订单',
      count: completed,
      points: Math.min(completed, CREDIT_COMPLETED_RENTALS_CAP) * CREDIT_PER_COMPLETED_RENTAL,
      rule: `每完成一笔租号订单 +${CREDIT_PER_COMPLETED_RENTAL} 分，最多计 ${CREDIT_COMPLETED_RENTALS_CAP} 笔`,
    },
    {
      key: 'upheld_complaints',
      label: '成立的投诉',
      count: upheld,
      points: upheld * CREDIT_PER_UPHELD_COMPLAINT,
      rule: `每一起经平台裁定成立、针对您的投诉 ${CREDIT_PER_UPHELD_COMPLAINT} 分`,
    },
    {
      key: 'cancellations',
      label: '取消的已付款订单',
      count: cancelled,
      points: Math.max(0, cancelled - CREDIT_FREE_CANCELLATIONS) * CREDIT_PER_CANCELLATION,
      rule: `前 ${CREDIT_FREE_CANCELLATIONS} 次不扣分，之后每取消一笔已付款订单 ${CREDIT_PER_CANCELLATION} 分`,
    },
  ];
  const raw = CREDIT_BASE_SCORE + factors.reduce((sum, factor) => sum + factor.points, 0);
  const score = Math.min(CREDIT_MAX_SCORE, Math.max(CREDIT_MIN_SCORE, raw));
  return { score, level: creditLevel(score), base: CREDIT_BASE_SCORE, factors };
}
