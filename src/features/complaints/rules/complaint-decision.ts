/**
 * What an operator's complaint decision does to money ("decide: full refund, partial
 * refund, reject, penalise the owner"; docs/decisions.md "Complaint arbitration").
 * The spec has no arbitration; the rule is ours:
 *
 * - **Refund.** Rent only: at most what the renter paid for the rental (renewals included) and was
 *   not yet given back (`refundable`). A full refund is all of it; a partial one 1 fen to all of it.
 *   The refund lowers the settlement base, so the platform's commission is recomputed on what is
 *   left (features/sellers/rules/settlement.ts splitRent): the owner gives back their share of the refund and
 *   the platform its commission on it, exactly as for an early cancel. rent = owner + commission +
 *   refunds keeps holding to the fen.
 * - **Giving back all the rent ends the rental.** A decision that refunds everything refundable of
 *   a rental that has not ended (running, or a reservation) ends it now; its deposit and unused
 *   hafu-coin prepay come back at once. Otherwise the rental runs on.
 * - **The deposit is never touched.** It is the renter's own money held for the owner's account;
 *   it comes back in full when the rental ends, as always (at once when a decision ends it).
 * - **Earnings already released are never rewritten.** If the owner's earnings of the order had
 *   reached their wallet, the owner's share of a later refund is a new charge (`clawback`).
 * - **Penalty** (penalise only): an amount the owner pays the platform on top, 1 fen to
 *   COMPLAINT_PENALTY_MAX_FEN. While the order's earnings are frozen, the part of it up to the
 *   owner's remaining share of the order is withheld from that share (collected when it is
 *   released); the rest is taken from the owner's wallet now.
 * - **Never a negative balance.** What is taken from the wallet now (the clawback first, then the
 *   penalty beyond what is withheld) is capped at the owner's balance; whatever the balance does not
 *   cover stays owed and is taken from the owner's next earnings releases. The renter's refund never
 *   waits for the owner: the platform pays it at once.
 */
import { COMPLAINT_PENALTY_MAX_FEN } from '~/features/complaints/constants';
import { fenToYuan } from '~/platform/rules/money';
import { splitRent, type RentSplit } from '~/features/sellers/rules/settlement';

export const COMPLAINT_OUTCOMES = ['refund_full', 'refund_partial', 'reject', 'penalize'] as const;
export type ComplaintOutcome = (typeof COMPLAINT_OUTCOMES)[number];

export const COMPLAINT_OUTCOME_LABELS: Readonly<Record<ComplaintOutcome, string>> = {
  refund_full: '全额退款',
  refund_partial: '部分退款',
  reject: '驳回投诉',
  penalize: '处罚号主',
};

export function isComplaintOutcome(value: unknown): value is ComplaintOutcome {
  return typeof value === 'string' && (COMPLAINT_OUTCOMES as readonly string[]).includes(value);
}

/** Where the order's earnings stand: no row (never paid, or not a rental), frozen, or released to the owner's wallet. */
export type EarningsState = 'none' | 'frozen' | 'released';

export interface DecisionMoneyInput {
  outcome: ComplaintOutcome;
  /** Rent the renter paid for the rental, renewals included (orders.pay_fen), fen. */
  rentFen: number;
  /** Rent already given back (early cancel, earlier decisions), fen. */
  refundedFen: number;
  /** The commission rate fixed at payment (seller_earnings.commission_bps); 0 without a row. */
  commissionBps: number;
  earnings: EarningsState;
  /** The rental has not ended: paid, running or not yet started (orders.status 3). */
  rentalOpen: boolean;
  /** The owner's spendable wallet balance now, fen. */
  ownerBalanceFen: number;
  /** refund_partial and penalize: the refund asked for, fen (penalize may ask 0). */
  refundFen?: number | undefined;
  /** penalize: the penalty asked for, fen. */
  penaltyFen?: number | undefined;
}

export interface DecisionMoney {
  outcome: ComplaintOutcome;
  /** Rent that could still be refunded before this decision. */
  refundableFen: number;
  /** Rent credited to the renter's wallet by this decision. */
  refundFen: number;
  /** This decision gives back all the rent of a rental that has not ended: it ends now. */
  endsRental: boolean;
  /** The split of the rent net of refunds, before and after the refund. */
  before: RentSplit;
  after: RentSplit;
  /** Change of the owner's share and of the commission (≤ 0). */
  ownerShareDeltaFen: number;
  commissionDeltaFen: number;
  /** Of the refund: what the owner's share gives back (≥ 0; the rest is the platform's commission). */
  ownerShareFen: number;
  /** Earnings already released: the owner's share of the refund, charged to the owner. */
  clawbackFen: number;
  penaltyFen: number;
  /** Of the penalty: withheld from the order's frozen share, collected when it is released. */
  penaltyWithheldFen: number;
  /** Taken from the owner's wallet now (each ≤ its charge; together ≤ the balance). */
  clawbackNowFen: number;
  penaltyNowFen: number;
  /** Left owed beyond the balance: taken from the owner's next earnings releases. */
  owedFen: number;
}

export type DecisionMoneyResult = { ok: true; money: DecisionMoney } | { ok: false; field: 'outcome' | 'refund_fen' | 'penalty_fen'; msg: string };

export const MSG_NOTHING_REFUNDABLE = '该订单已没有可退的租金';
export const MSG_REFUND_REQUIRED = '请填写退款金额';
export const MSG_PENALTY_REQUIRED = '请填写处罚金额';
export const MSG_PENALTY_TOO_LARGE = `处罚金额不能超过¥${fenToYuan(COMPLAINT_PENALTY_MAX_FEN)}`;
export const refundTooLargeMsg = (refundableFen: number): string => `退款金额不能超过可退租金¥${fenToYuan(refundableFen)}`;

const isFen = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The money of a decision, or why the operator's amounts cannot be taken. */
export function decideComplaintMoney(input: DecisionMoneyInput): DecisionMoneyResult {
  const { outcome, rentFen, refundedFen, commissionBps, earnings, rentalOpen } = input;
  if (!isFen(rentFen) || !isFen(refundedFen) || rentFen < 0 || refundedFen < 0 || refundedFen > rentFen) {
    throw new RangeError(`订单租金或已退金额无效: ${rentFen} / ${refundedFen}`);
  }
  if (!isFen(input.ownerBalanceFen) || input.ownerBalanceFen < 0) throw new RangeError(`余额无效: ${input.ownerBalanceFen}`);
  const refundableFen = rentFen - refundedFen;

  let refundFen = 0;
  let penaltyFen = 0;
  if (outcome === 'refund_full') {
    if (refundableFen === 0) return { ok: false, field: 'outcome', msg: MSG_NOTHING_REFUNDABLE };
    refundFen = refundableFen;
  } else if (outcome === 'refund_partial') {
    if (refundableFen === 0) return { ok: false, field: 'outcome', msg: MSG_NOTHING_REFUNDABLE };
    if (!isFen(input.refundFen) || input.refundFen <= 0) return { ok: false, field: 'refund_fen', msg: MSG_REFUND_REQUIRED };
    if (input.refundFen > refundableFen) return { ok: false, field: 'refund_fen', msg: refundTooLargeMsg(refundableFen) };
    refundFen = input.refundFen;
  } else if (outcome === 'penalize') {
    const asked = input.refundFen ?? 0;
    if (!isFen(asked) || asked < 0) return { ok: false, field: 'refund_fen', msg: MSG_REFUND_REQUIRED };
    if (asked > refundableFen) return { ok: false, field: 'refund_fen', msg: refundTooLargeMsg(refundableFen) };
    if (!isFen(input.penaltyFen) || input.penaltyFen <= 0) return { ok: false, field: 'penalty_fen', msg: MSG_PENALTY_REQUIRED };
    if (input.penaltyFen > COMPLAINT_PENALTY_MAX_FEN) return { ok: false, field: 'penalty_fen', msg: MSG_PENALTY_TOO_LARGE };
    refundFen = asked;
    penaltyFen = input.penaltyFen;
  }

  const rate = earnings === 'none' ? 0 : commissionBps;
  const before = splitRent({ commissionBps: rate, rentFen, refundedRentFen: refundedFen });
  const after = splitRent({ commissionBps: rate, rentFen, refundedRentFen: refundedFen + refundFen });
  // Without an earnings row nobody earned the rent (nothing to give back from a share).
  const ownerShareDeltaFen = earnings === 'none' ? 0 : after.sellerFen - before.sellerFen;
  const commissionDeltaFen = earnings === 'none' ? 0 : after.commissionFen - before.commissionFen;
  const ownerShareFen = 0 - ownerShareDeltaFen;
  const clawbackFen = earnings === 'released' ? ownerShareFen : 0;
  const penaltyWithheldFen = earnings === 'frozen' ? Math.min(penaltyFen, after.sellerFen) : 0;

  let balance = input.ownerBalanceFen;
  const clawbackNowFen = Math.min(clawbackFen, balance);
  balance -= clawbackNowFen;
  const penaltyNowFen = Math.min(penaltyFen - penaltyWithheldFen, balance);
  const owedFen = clawbackFen - clawbackNowFen + (penaltyFen - penaltyWithheldFen - penaltyNowFen);

  return {
    ok: true,
    money: {
      outcome,
      refundableFen,
      refundFen,
      endsRental: rentalOpen && refundFen > 0 && refundFen === refundableFen,
      before,
      after,
      ownerShareDeltaFen,
      commissionDeltaFen,
      ownerShareFen,
      clawbackFen,
      penaltyFen,
      penaltyWithheldFen,
      clawbackNowFen,
      penaltyNowFen,
      owedFen,
    },
  };
}

/** How much of an owner's outstanding charges (oldest first) a balance covers: the amount for each. */
export function collectFromBalance(outstandingFen: readonly number[], balanceFen: number): number[] {
  let left = Math.max(0, balanceFen);
  return outstandingFen.map((owed) => {
    const take = Math.min(Math.max(0, owed), left);
    left -= take;
    return take;
  });
}
