/**
 * Early-cancel refund, spec §4: "By hours before start: up to 2 h 50%; up to 3 h 30%; up to 5 h
 * 10%; beyond 0%". Read on its own axis, hours before the start (docs/decisions.md "Early-cancel
 * refund"): the percentages are a cancellation fee the owner keeps when a booked rental is
 * cancelled that late, so a renter who cancels more than 5 hours ahead gets the whole rent back,
 * within 5 hours 90 %, within 3 hours 70 %, within 2 hours 50 %.
 *
 * Once the rental has started the owner keeps every hour begun (the rent shared over the whole
 * hours of the rental), and never less than the fee of the last step before the start: waiting
 * past the start never makes cancelling cheaper. The deposit and unused hafu-coin prepay always
 * come back in full; they are not rent. Amounts are fen, rounded half up like every factor.
 *
 * One rule answers both "what does cancelling now return" (the cancel itself) and "what would it
 * return at each moment" (the schedule the checkout and the order show), so the two never differ.
 */
import { MS_PER_HOUR } from '~/platform/config/constants';
import { LATE_CANCEL_FEE_STEPS } from '~/features/orders/constants';
import { applyFactorFen } from '~/platform/rules/money';

/** What the rule needs of a rental: the rent paid and its times. */
export interface CancellableRental {
  payFen: number;
  startsAt: Date;
  endsAt: Date;
}

/** The least fee once started: the fee of the step nearest the start. */
const STARTED_MIN_FEE_PERCENT = LATE_CANCEL_FEE_STEPS[0].feePercent;

/** Fee percent for cancelling at `now`, before the start; 0 more than 5 hours ahead. */
function feePercentBeforeStart(startsAt: Date, now: Date): number {
  const hoursBefore = (startsAt.getTime() - now.getTime()) / MS_PER_HOUR;
  for (const step of LATE_CANCEL_FEE_STEPS) {
    if (hoursBefore <= step.maxHoursBefore) return step.feePercent;
  }
  return 0;
}

/** Whole hours the rental lasts (a part hour counts as one: it can be begun). */
function totalHours(rental: CancellableRental): number {
  return Math.max(1, Math.ceil((rental.endsAt.getTime() - rental.startsAt.getTime()) / MS_PER_HOUR));
}

/** Hours begun at `now` (the hour that has just started counts): 1 at the start itself. */
function hoursBegun(rental: CancellableRental, now: Date): number {
  return Math.floor((now.getTime() - rental.startsAt.getTime()) / MS_PER_HOUR) + 1;
}

/** Rent back for cancelling at `now`, before anything already given back is counted. */
export function rentBackFen(rental: CancellableRental, now: Date): number {
  if (now.getTime() < rental.startsAt.getTime()) {
    return rental.payFen - applyFactorFen(rental.payFen, feePercentBeforeStart(rental.startsAt, now) / 100);
  }
  if (now.getTime() >= rental.endsAt.getTime()) return 0;
  const total = totalHours(rental);
  const unused = Math.max(0, total - hoursBegun(rental, now));
  const unusedShare = Math.floor((rental.payFen * unused * 2 + total) / (2 * total)); // pay × unused / total, half up
  const cap = rental.payFen - applyFactorFen(rental.payFen, STARTED_MIN_FEE_PERCENT / 100);
  return Math.min(cap, unusedShare);
}

/**
 * The percent of the rent a refund is, for the renter's eye: the nearest whole percent, but never
 * 100 for less than all of it nor 0 for something.
 */
export function refundPercent(payFen: number, refundFen: number): number {
  if (payFen <= 0 || refundFen <= 0) return 0;
  if (refundFen >= payFen) return 100;
  return Math.min(99, Math.max(1, Math.round((refundFen * 100) / payFen)));
}

export interface CancelRefund {
  percent: number;
  /** Rent back. */
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
export function cancelRefund(order: CancellableRental & { depositFen: number; unusedGameMoneyFen: number; refundedFen?: number }, now: Date): CancelRefund {
  const refundFen = Math.min(rentBackFen(order, now), Math.max(0, order.payFen - (order.refundedFen ?? 0)));
  return {
    percent: refundPercent(order.payFen, refundFen),
    refundFen,
    depositFen: order.depositFen,
    gameMoneyFen: order.unusedGameMoneyFen,
    totalFen: refundFen + order.depositFen + order.unusedGameMoneyFen,
  };
}

/** One stretch of time in which cancelling returns the same rent: [from, until). */
export interface CancelStep {
  from: Date;
  until: Date;
  refundFen: number;
  percent: number;
  /** Whether the stretch lies before the start. */
  beforeStart: boolean;
}

/**
 * What cancelling returns from `now` until the end, as consecutive stretches of equal rent back
 * (the rule only changes at the fee steps before the start and on each hour after it). The last
 * stretch returns nothing unless the rental is one hour long and cancelled early.
 */
export function cancelSchedule(rental: CancellableRental, now: Date): CancelStep[] {
  const start = rental.startsAt.getTime();
  const end = rental.endsAt.getTime();
  const edges = new Set<number>([now.getTime(), end]);
  for (const step of LATE_CANCEL_FEE_STEPS) edges.add(start - step.maxHoursBefore * MS_PER_HOUR);
  for (let at = start; at < end; at += MS_PER_HOUR) edges.add(at);
  const points = [...edges].filter((at) => at >= now.getTime() && at <= end).sort((a, b) => a - b);
  const steps: CancelStep[] = [];
  for (let i = 0; i < points.length - 1; i += 1) {
    const from = points[i]!;
    const refundFen = rentBackFen(rental, new Date(from));
    const last = steps.at(-1);
    if (last && last.refundFen === refundFen && last.beforeStart === from < start) {
      last.until = new Date(points[i + 1]!);
      continue;
    }
    steps.push({ from: new Date(from), until: new Date(points[i + 1]!), refundFen, percent: refundPercent(rental.payFen, refundFen), beforeStart: from < start });
  }
  return steps;
}
