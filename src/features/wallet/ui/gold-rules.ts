/** What 我的金币 decides from the overview the server returns (every figure comes from it). */
import type { GoldEntry, GoldOverview, GoldTask } from '~/features/wallet/client/money';

/** 兑换 is offered while the coins cover one exchange and today's exchanges are not used up. */
export function canExchangeGold(overview: Pick<GoldOverview, 'coins' | 'exchange_coins' | 'exchanges_left_today'>): boolean {
  return overview.exchanges_left_today > 0 && overview.coins >= overview.exchange_coins;
}

/** Why 兑换 is off, for the line under the button; null when it is on. */
export function exchangeBlockedReason(overview: Pick<GoldOverview, 'coins' | 'exchange_coins' | 'exchanges_left_today'>): string | null {
  if (overview.exchanges_left_today <= 0) return '今日兑换次数已用完';
  if (overview.coins < overview.exchange_coins) return `金币不足，还差${overview.exchange_coins - overview.coins}金币`;
  return null;
}

export type GoldTaskState = 'todo' | 'claimable' | 'claimed';

export function goldTaskState(task: Pick<GoldTask, 'done' | 'claimed'>): GoldTaskState {
  if (task.claimed) return 'claimed';
  return task.done ? 'claimable' : 'todo';
}

/** 12 → "+12", -30 → "-30". */
export function signedCoins(amount: GoldEntry['amount']): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

export const goldSignInText = (coins: number): string => `签到成功，获得${coins}金币`;
export const goldClaimText = (coins: number): string => `领取成功，获得${coins}金币`;
export const GOLD_EXCHANGED_TEXT = '兑换成功，红包已放入我的红包';
