/**
 * New renters' limits, the incumbents' guard against stolen cards and throw-away accounts
 * (docs/decisions.md "New renters' limits"): a renter is new while the account is younger than
 * NEW_RENTER_DAYS or has never finished a rental; a new renter books at most
 * NEW_RENTER_DAILY_ORDERS rentals a day and holds at most NEW_RENTER_OPEN_MAX at once.
 */
import { MS_PER_DAY } from '~/platform/config/constants';
import { NEW_RENTER_DAILY_ORDERS, NEW_RENTER_DAYS, NEW_RENTER_OPEN_MAX } from '~/features/orders/constants';

export const MSG_NEW_RENTER_DAILY = `新用户每天最多租号${NEW_RENTER_DAILY_ORDERS}次，请明天再来；完成一次租赁且注册满${NEW_RENTER_DAYS}天后不再限制`;
export const MSG_NEW_RENTER_OPEN = `新用户最多同时租用${NEW_RENTER_OPEN_MAX}个账号，请先完成或取消当前订单；完成一次租赁且注册满${NEW_RENTER_DAYS}天后不再限制`;

export function isNewRenter(account: { createdAt: Date; hasFinishedRental: boolean }, now: Date): boolean {
  return !account.hasFinishedRental || now.getTime() - account.createdAt.getTime() < NEW_RENTER_DAYS * MS_PER_DAY;
}

/** The message refusing one more booking, or null when it is allowed. */
export function newRenterRefusal(counts: { bookedToday: number; open: number }): string | null {
  if (counts.open >= NEW_RENTER_OPEN_MAX) return MSG_NEW_RENTER_OPEN;
  if (counts.bookedToday >= NEW_RENTER_DAILY_ORDERS) return MSG_NEW_RENTER_DAILY;
  return null;
}
