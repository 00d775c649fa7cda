/**
 * Hafu-coin settlement (issue 26 part 2; docs/decisions.md "Hafu-coin settlement"). The prepay
 * the renter paid for a hafu-coin account's coins is held until the coins left at the end are
 * known; then the used coins are paid to the owner at the rate snapshotted when the prepay was
 * charged, the rest goes back to the renter. No commission: coin money is not rent.
 *
 * Stages: awaiting_report (the rental ended, the renter has not reported) → reported (the owner
 * may accept or dispute) → disputed (an operator sets the count) → settled. Defaults when a side is
 * silent:
 * - renter silent past end + HAFU_REPORT_WINDOW_HOURS: every coin counts as used (0 left). The
 *   renter alone knows what they spent; a default of "nothing used" would pay a renter who used
 *   coins for keeping quiet, and the owner would never be paid.
 * - owner silent past report + HAFU_ANSWER_WINDOW_HOURS: the renter's count stands.
 * - a dispute waits for an operator; it has no default.
 */
import { HAFU_ANSWER_WINDOW_HOURS, HAFU_REPORT_WINDOW_HOURS } from '~/features/orders/constants';
import { hafuPrepayFen } from '~/features/orders/rules/hafu';
import { MS_PER_HOUR } from '~/platform/config/constants';

export const HAFU_STAGES = ['awaiting_report', 'reported', 'disputed', 'settled'] as const;
export type HafuStage = (typeof HAFU_STAGES)[number];

/** Who fixed the final count. */
export const HAFU_DECIDERS = ['agreed', 'renter_silent', 'owner_silent', 'operator', 'refunded'] as const;
export type HafuDecider = (typeof HAFU_DECIDERS)[number];

export const HAFU_STAGE_TEXT: Readonly<Record<HafuStage, string>> = {
  awaiting_report: '待租客报告剩余哈夫币',
  reported: '待号主确认',
  disputed: '平台处理中',
  settled: '已结算',
};

export const HAFU_DECIDER_TEXT: Readonly<Record<HafuDecider, string>> = {
  agreed: '号主确认租客报告',
  renter_silent: '租客未按时报告，按全部使用结算',
  owner_silent: '号主未按时答复，按租客报告结算',
  operator: '平台裁定',
  refunded: '预充已全额退还',
};

export interface HafuSplitInput {
  /** Coins on the account when the prepay was charged. */
  startCoins: number;
  /** The final count of coins left at the end. */
  endCoins: number;
  /** Coins per yuan, snapshotted with startCoins. */
  rate: number;
  /** The prepay charged, fen. */
  prepayFen: number;
  /** Prepay already given back by another path (a complaint decision that ended the rental), fen. */
  alreadyRefundedFen: number;
}

export interface HafuSplit {
  usedCoins: number;
  /** To the owner (ledger hafu_settle). */
  ownerFen: number;
  /** Back to the renter (ledger hafu_refund). */
  renterFen: number;
}

/**
 * used = start − end clamped to [0, start]; the owner's fen = used × 100 / rate, half up (the
 * prepay's own rule, so all coins used pays the owner exactly the prepay and none used pays 0),
 * never more than what is still held; the renter gets the rest of what is held.
 */
export function hafuSplit(input: HafuSplitInput): HafuSplit {
  const { startCoins, endCoins, rate, prepayFen, alreadyRefundedFen } = input;
  for (const [name, value] of Object.entries({ startCoins, endCoins, prepayFen, alreadyRefundedFen })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`hafuSplit: ${name} ${value}`);
  }
  const heldFen = Math.max(0, prepayFen - alreadyRefundedFen);
  const usedCoins = Math.min(startCoins, Math.max(0, startCoins - endCoins));
  const valueFen = hafuPrepayFen(usedCoins, rate) ?? 0;
  const ownerFen = Math.min(heldFen, valueFen);
  return { usedCoins, ownerFen, renterFen: heldFen - ownerFen };
}

export interface HafuState {
  stage: HafuStage;
  /** When the rental ended (finished or cancelled); null while it runs. */
  endedAt: Date | null;
  reportedAt: Date | null;
  renterCoins: number | null;
}

export type HafuDue = { settle: false } | { settle: true; endCoins: number; decidedBy: 'renter_silent' | 'owner_silent' };

export const reportDeadline = (endedAt: Date): Date => new Date(endedAt.getTime() + HAFU_REPORT_WINDOW_HOURS * MS_PER_HOUR);
export const answerDeadline = (reportedAt: Date): Date => new Date(reportedAt.getTime() + HAFU_ANSWER_WINDOW_HOURS * MS_PER_HOUR);

/** Whether the renter may report now: the rental has ended, nothing reported yet, inside the window. */
export function canReport(state: HafuState, now: Date): boolean {
  return state.stage === 'awaiting_report' && state.endedAt !== null && now.getTime() < reportDeadline(state.endedAt).getTime();
}

/** Whether the owner may answer now: a report stands, inside the owner's window. */
export function canAnswer(state: HafuState, now: Date): boolean {
  return state.stage === 'reported' && state.reportedAt !== null && now.getTime() < answerDeadline(state.reportedAt).getTime();
}

/** What the sweep does with a settlement whose side was silent past its window. */
export function hafuDue(state: HafuState, now: Date): HafuDue {
  if (state.stage === 'awaiting_report' && state.endedAt !== null && now.getTime() >= reportDeadline(state.endedAt).getTime()) {
    return { settle: true, endCoins: 0, decidedBy: 'renter_silent' };
  }
  if (state.stage === 'reported' && state.reportedAt !== null && state.renterCoins !== null && now.getTime() >= answerDeadline(state.reportedAt).getTime()) {
    return { settle: true, endCoins: state.renterCoins, decidedBy: 'owner_silent' };
  }
  return { settle: false };
}
