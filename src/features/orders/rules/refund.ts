/**
 * Early-cancel refund, spec §4: "By hours before start: up to 2 h 50%; up to 3 h 30%; up to 5 h
 * 10%; beyond 0%". Read as hours of the rental already gone when the renter cancels
 * (docs/decisions.md "Early-cancel refund"): a renter who gives the account back within 2 hours
 * of the start gets half the rental price back, within 3 hours 30%, within 5 hours 10%, later
 * nothing. A rental cancelled before its start (a reservation) gets all of it back. The deposit
 * and unused hafu-coin prepay are always returned in full; they are not rental price.
 * Amounts are fen, rounded half up like every factor of the rules.
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { EARLY_CANCEL_REFUND_STEPS, REFUND_PERCENT_BEFORE_START } from '~/features/orders/constants';
import { applyFactorFen } from '~/platform/rules/money';

/** Percent of the rental price refunded when cancelling at `now` a rental that starts at `startsAt`. */
export function earlyCancelRefundPercent(startsAt: Date, now: Date): number {
  const hoursSinceStart = (now.getTime() - startsAt.getTime()) / MS_PER_HOUR;
  if (hoursSinceStart < 0) return REFUND_PERCENT_BEFORE_START;
  for (const step of EARLY_CANCEL_REFUND_STEPS) {
    if (hoursSinceStart <= step.maxHours) return step.percent;
  }
  return 0;
}

export interface CancelRefund {
  percent: number;
  /** Rental money back. */
  refundFen: number;
  depositFen: number;
  /** Unused hafu-coin prepay back. */
  gameMoneyFen: number;
  /** Everything the wallet gets. */
  totalFen: number;
}

/**
 * What cancelling a paid rental at `now` gives back. Rent already given back (a complaint decided
 * with a partial refund) counts against it: the renter never gets more than the rent paid.
 */
export function cancelRefund(
  order: { payFen: number; depositFen: number; startsAt: Date; unusedGameMoneyFen: number; refundedFen?: number },
  now: Date,
): CancelRefund {
  const percent = earlyCancelRefundPercent(order.startsAt, now);
  const refundFen = Math.min(applyFactorFen(order.payFen, percent / 100), Math.max(0, order.payFen - (order.refundedFen ?? 0)));
  return {
    percent,
    refundFen,
    depositFen: order.depositFen,
    gameMoneyFen: order.unusedGameMoneyFen,
    totalFen: refundFen + order.depositFen + order.unusedGameMoneyFen,
  };
}
