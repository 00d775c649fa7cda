/**
 * /activity/free_order: who the new-user free first order is for. The order itself is a
 * free rental of the free group (free-orders.ts: real-name, the offer's window, the daily count);
 * the activity is for users registered within FREE_ORDER_NEW_USER_DAYS who have not rented yet.
 */
import { FREE_ORDER_NEW_USER_DAYS } from '~/features/activities/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export type FreeOrderState = 'eligible' | 'used' | 'rented_before' | 'not_new';

export interface FreeOrderFacts {
  registeredAt: Date;
  /** The user's first free rental (any status but cancelled), if any. */
  firstFreeOrderAt: Date | null;
  /** The user's first rental paid with money (any status but cancelled), if any. */
  firstPaidRentalAt: Date | null;
}

/**
 * used: the first rental was a free one (the activity's order is done); rented_before: the first
 * rental was paid; not_new: past the days; else eligible.
 */
export function freeOrderState(facts: FreeOrderFacts, now: Date): FreeOrderState {
  const free = facts.firstFreeOrderAt?.getTime() ?? Infinity;
  const paid = facts.firstPaidRentalAt?.getTime() ?? Infinity;
  if (free !== Infinity && free <= paid) return 'used';
  if (paid !== Infinity) return 'rented_before';
  if (now.getTime() - facts.registeredAt.getTime() >= FREE_ORDER_NEW_USER_DAYS * DAY_MS) return 'not_new';
  return 'eligible';
}

/** The last moment a user registered at `registeredAt` is new. */
export function freeOrderDeadline(registeredAt: Date): Date {
  return new Date(registeredAt.getTime() + FREE_ORDER_NEW_USER_DAYS * DAY_MS);
}

export const FREE_ORDER_STATE_TEXT: Readonly<Record<FreeOrderState, string>> = {
  eligible: '您是新用户，可免费租用下方任一账号，首单免单',
  used: '您已领取新人首单免单',
  rented_before: '您已完成过租号，本活动仅限新用户首单',
  not_new: `本活动仅限注册${FREE_ORDER_NEW_USER_DAYS}天内的新用户`,
};
