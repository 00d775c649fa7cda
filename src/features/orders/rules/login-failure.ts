/**
 * "Cannot log in" in one click (issue 26 part 1; docs/decisions.md "Cannot log in in one click").
 * The spec has no such button; the rule is ours:
 *
 * - **Who may report.** The renter of a rental that runs now (paid, started, not ended), that was
 *   shown its login details at least once, within LOGIN_FAILURE_REPORT_WINDOW_MS of the FIRST
 *   time they were shown, while nothing was played: not renewed, no hafu-coin prepay charged. A
 *   free rental (nothing paid) or one whose rent was already all given back has nothing to refund:
 *   the normal complaint stays. A renter whose button was withdrawn (abuse, below) neither.
 * - **What it does.** The whole payment back at once (rent not yet given back, the deposit, any
 *   hafu prepay): that is the renter's own money. The owner pays a compensation on top.
 * - **Compensation.** LOGIN_FAILURE_COMPENSATION_BPS of the rent, at least the floor, at most the
 *   cap, never for a rental that cost nothing.
 * - **The owner's answer.** Within LOGIN_FAILURE_ANSWER_WINDOW_MS of the report, once.
 * - **Auto take-down.** A listing whose standing (not reversed) failures reach a step of
 *   LOGIN_FAILURE_TAKEDOWN_STEPS within the step's days leaves the shelf.
 * - **Abuse.** Within LOGIN_FAILURE_ABUSE_DAYS, LOGIN_FAILURE_ABUSE_REVERSED_MAX reports reversed
 *   after the owner's evidence, or LOGIN_FAILURE_ABUSE_REPORTS_MAX reports in all, withdraw the
 *   button.
 */
import {
  LOGIN_FAILURE_ABUSE_DAYS,
  LOGIN_FAILURE_ABUSE_REPORTS_MAX,
  LOGIN_FAILURE_ABUSE_REVERSED_MAX,
  LOGIN_FAILURE_ANSWER_WINDOW_MS,
  LOGIN_FAILURE_COMPENSATION_BPS,
  LOGIN_FAILURE_COMPENSATION_CAP_FEN,
  LOGIN_FAILURE_COMPENSATION_FLOOR_FEN,
  LOGIN_FAILURE_REPORT_WINDOW_MS,
  LOGIN_FAILURE_TAKEDOWN_STEPS,
} from '~/features/orders/constants';

const MS_PER_DAY = 24 * 60 * 60_000;

export const LOGIN_FAILURE_STATUSES = ['decided', 'fixed', 'disputed', 'upheld', 'reversed'] as const;
/**
 * decided: refunded at once, waiting for the owner; fixed: the owner changed the password;
 * disputed: the owner appealed with evidence, an operator decides; upheld: the operator kept the
 * decision; reversed: the operator reversed it (the owner's compensation given back).
 */
export type LoginFailureStatus = (typeof LOGIN_FAILURE_STATUSES)[number];

export const LOGIN_FAILURE_STATUS_TEXT: Readonly<Record<LoginFailureStatus, string>> = {
  decided: '已退款，等待号主答复',
  fixed: '号主已修改密码',
  disputed: '号主申诉中，等待平台处理',
  upheld: '平台维持判定',
  reversed: '平台已撤销判定',
};

/** The owner's answers: the password is fixed, or an appeal with evidence. */
export const LOGIN_FAILURE_ANSWERS = ['fixed', 'dispute'] as const;
export type LoginFailureAnswer = (typeof LOGIN_FAILURE_ANSWERS)[number];

export const MSG_LOGIN_FAILURE_NOT_RUNNING = '只有租赁中的订单可以上报无法登录';
export const MSG_LOGIN_FAILURE_NOT_REVEALED = '请先查看账号密码并尝试登录';
export const MSG_LOGIN_FAILURE_WINDOW_OVER = '已超过首次查看账号后15分钟的上报时限，请通过投诉处理';
export const MSG_LOGIN_FAILURE_PLAYED = '订单已续租或已预充哈夫币，请通过投诉处理';
export const MSG_LOGIN_FAILURE_NOTHING_PAID = '该订单没有可退的款项，请通过投诉处理';
export const MSG_LOGIN_FAILURE_WITHDRAWN = '您的一键上报功能已暂停，请通过投诉处理';
export const MSG_LOGIN_FAILURE_REPORTED = '该订单已上报过无法登录';

/** Why the button is not offered (or the report refused); null when it is. */
export type ReportRefusal = 'not_running' | 'not_revealed' | 'window_over' | 'played' | 'nothing_paid' | 'withdrawn' | 'reported';

export const REPORT_REFUSAL_MSG: Readonly<Record<ReportRefusal, string>> = {
  not_running: MSG_LOGIN_FAILURE_NOT_RUNNING,
  not_revealed: MSG_LOGIN_FAILURE_NOT_REVEALED,
  window_over: MSG_LOGIN_FAILURE_WINDOW_OVER,
  played: MSG_LOGIN_FAILURE_PLAYED,
  nothing_paid: MSG_LOGIN_FAILURE_NOTHING_PAID,
  withdrawn: MSG_LOGIN_FAILURE_WITHDRAWN,
  reported: MSG_LOGIN_FAILURE_REPORTED,
};

export interface ReportInput {
  /** Paid, started and not ended at `now`. */
  running: boolean;
  /** The first time the login details were shown to the renter for this order; null if never. */
  firstRevealAt: Date | null;
  renewed: boolean;
  /** hafu-coin prepay charged (orders.game_money_fen). */
  gameMoneyFen: number;
  /** Rent not yet given back (pay_fen - refund_fen). */
  refundableRentFen: number;
  /** The renter's button was withdrawn (reportWithdrawn). */
  withdrawn: boolean;
  /** A report of this order exists already. */
  reported: boolean;
}

/** Whether the renter may report now, or why not (checked in this order). */
export function reportRefusal(input: ReportInput, now: Date): ReportRefusal | null {
  if (input.reported) return 'reported';
  if (!input.running) return 'not_running';
  if (input.firstRevealAt === null) return 'not_revealed';
  if (now.getTime() - input.firstRevealAt.getTime() > LOGIN_FAILURE_REPORT_WINDOW_MS) return 'window_over';
  if (input.renewed || input.gameMoneyFen > 0) return 'played';
  if (input.refundableRentFen <= 0) return 'nothing_paid';
  if (input.withdrawn) return 'withdrawn';
  return null;
}

/** Until when the report may be sent (first reveal + the window); null before any reveal. */
export function reportDeadline(firstRevealAt: Date | null): Date | null {
  return firstRevealAt === null ? null : new Date(firstRevealAt.getTime() + LOGIN_FAILURE_REPORT_WINDOW_MS);
}

/** What the owner pays the renter for rent `rentFen` (what the renter paid for the rental). */
export function compensationFen(rentFen: number): number {
  if (!Number.isSafeInteger(rentFen) || rentFen < 0) throw new RangeError(`租金无效: ${rentFen}`);
  if (rentFen === 0) return 0;
  const share = Math.floor((rentFen * LOGIN_FAILURE_COMPENSATION_BPS + 5_000) / 10_000);
  return Math.min(LOGIN_FAILURE_COMPENSATION_CAP_FEN, Math.max(LOGIN_FAILURE_COMPENSATION_FLOOR_FEN, share));
}

/** The owner's answer is still accepted at `now`. */
export function canAnswer(reportedAt: Date, now: Date): boolean {
  return now.getTime() - reportedAt.getTime() <= LOGIN_FAILURE_ANSWER_WINDOW_MS;
}

export function answerDeadline(reportedAt: Date): Date {
  return new Date(reportedAt.getTime() + LOGIN_FAILURE_ANSWER_WINDOW_MS);
}

/** Since when standing failures count toward the widest take-down step. */
export function takedownSince(now: Date): Date {
  const days = Math.max(...LOGIN_FAILURE_TAKEDOWN_STEPS.map((step) => step.days));
  return new Date(now.getTime() - days * MS_PER_DAY);
}

/** The listing's standing failures (times of reports not reversed) reach a take-down step at `now`. */
export function reachesTakedown(failureTimes: readonly Date[], now: Date): boolean {
  return LOGIN_FAILURE_TAKEDOWN_STEPS.some((step) => {
    const since = now.getTime() - step.days * MS_PER_DAY;
    return failureTimes.filter((at) => at.getTime() > since && at.getTime() <= now.getTime()).length >= step.failures;
  });
}

/** Since when a renter's reports count toward the abuse rule. */
export function abuseSince(now: Date): Date {
  return new Date(now.getTime() - LOGIN_FAILURE_ABUSE_DAYS * MS_PER_DAY);
}

/** The renter's reports in the abuse window: all of them, and those reversed. */
export function reportWithdrawn(recent: { reports: number; reversed: number }): boolean {
  return recent.reversed >= LOGIN_FAILURE_ABUSE_REVERSED_MAX || recent.reports >= LOGIN_FAILURE_ABUSE_REPORTS_MAX;
}
