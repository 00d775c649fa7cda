/**
 * What a seller earns from one rental (the spec shows no settlement, so the rule is
 * ours, written down in docs/decisions.md "Settlement"):
 * - The base is the rent the renter finally paid: the rent charged (after VIP discount and red
 *   envelope) minus every rent refund (early cancel, complaint). Deposit and hafu-coin prepay are
 *   the renter's money passing through; they are not earnings.
 * - The platform keeps a commission of that base by the seller's cert_type, rounded half up to
 *   the fen; the seller gets the rest. So rent paid = seller earnings + commission + refunds, to
 *   the fen, by construction.
 * - Earnings stay frozen until the rental ends (or is cancelled) plus the hold window, then are
 *   released to the seller's wallet.
 */
import { COMMISSION_BPS_BY_CERT_TYPE, EARNINGS_HOLD_HOURS, MS_PER_HOUR } from '~/platform/config/constants';
import { applyFactorFen } from '~/platform/rules/money';

export type CertType = 0 | 1 | 2;

export interface RentalSettlementInput {
  certType: CertType;
  /** Rent charged to the renter, fen (not the deposit, not the hafu-coin prepay). */
  rentFen: number;
  /** Rent given back so far (early-cancel and complaint refunds), fen. */
  refundedRentFen: number;
  /** When the rental ended or was cancelled. */
  endedAt: Date;
}

export interface RentSplit {
  /** Rent the renter finally paid: the commission base. */
  netRentFen: number;
  commissionFen: number;
  sellerFen: number;
}

export interface RentalSettlement extends RentSplit {
  /** When the earnings leave the frozen balance. */
  releaseAt: Date;
}

export function commissionBps(certType: CertType): number {
  const bps = COMMISSION_BPS_BY_CERT_TYPE[certType];
  if (bps === undefined) throw new RangeError(`未知的认证类型: ${certType}`);
  return bps;
}

/** The split of a rental's rent at a given commission rate (basis points), whatever the seller type. */
export function splitRent(input: { commissionBps: number; rentFen: number; refundedRentFen: number }): RentSplit {
  const { rentFen, refundedRentFen, commissionBps: rate } = input;
  if (!Number.isSafeInteger(rentFen) || rentFen < 0) throw new RangeError(`租金无效: ${rentFen}`);
  if (!Number.isSafeInteger(refundedRentFen) || refundedRentFen < 0 || refundedRentFen > rentFen) {
    throw new RangeError(`退款金额无效: ${refundedRentFen}`);
  }
  if (!Number.isInteger(rate) || rate < 0 || rate > 10_000) throw new RangeError(`佣金比例无效: ${rate}`);
  const netRentFen = rentFen - refundedRentFen;
  const commissionFen = applyFactorFen(netRentFen, rate / 10_000);
  return { netRentFen, commissionFen, sellerFen: netRentFen - commissionFen };
}

/** When earnings of a rental that ended at `endedAt` leave the frozen balance. */
export function releaseTime(endedAt: Date, holdHours: number = EARNINGS_HOLD_HOURS): Date {
  return new Date(endedAt.getTime() + holdHours * MS_PER_HOUR);
}

export function settleRental(input: RentalSettlementInput, holdHours: number = EARNINGS_HOLD_HOURS): RentalSettlement {
  const split = splitRent({ commissionBps: commissionBps(input.certType), rentFen: input.rentFen, refundedRentFen: input.refundedRentFen });
  return { ...split, releaseAt: releaseTime(input.endedAt, holdHours) };
}

/** Whether frozen earnings may be released at `now` (the hold is over, to the millisecond). */
export function isReleasable(settlement: Pick<RentalSettlement, 'releaseAt'>, now: Date): boolean {
  return now.getTime() >= settlement.releaseAt.getTime();
}
