/**
 * Invitation rules (docs/decisions.md "Invitations and activities"): when an
 * invitee's rental pays the inviter, and the anti-abuse rule that can refuse it. Pure: the service
 * gathers the facts (kept on the invitation row at registration) and asks here.
 */
import { INVITE_IP_BURST_MAX, INVITE_IP_BURST_WINDOW_MS, INVITE_REFUSALS } from '~/features/activities/constants';

export type InviteRefusal = keyof typeof INVITE_REFUSALS;

/** What was known of one registration with an invite code. */
export interface InviteeFacts {
  /** SHA-256 of the phone; null when unknown. */
  phoneHash: string | null;
  fingerprint: string | null;
  ip: string | null;
  registeredAt: Date;
}

export interface InviteJudgement {
  invitee: InviteeFacts;
  inviterPhoneHash: string | null;
  /** Device fingerprints the inviter is known by (their own registration's, when they were invited). */
  inviterFingerprints: readonly string[];
  /** Another invitation of this phone already paid someone (an account deregistered and registered again). */
  phoneRewardedBefore: boolean;
  /** The inviter's invitations registered before this one. */
  earlier: readonly InviteeFacts[];
}

/** Addresses that say nothing about who is behind them. */
const usableIp = (ip: string | null): ip is string => ip !== null && ip !== '' && ip !== 'unknown';
const usable = (value: string | null): value is string => value !== null && value.trim() !== '';

/**
 * null when the invitation pays; else the first rule it breaks, in this order:
 * - same_phone: the invitee's phone is the inviter's, or already paid an invitation before;
 * - same_device: the invitee registered on a device of the inviter's or of an earlier invitee's;
 * - ip_burst: INVITE_IP_BURST_MAX earlier invitees of the inviter registered from the same address
 *   within INVITE_IP_BURST_WINDOW_MS before this one (the first ones of a burst still pay).
 */
export function judgeInvitation(input: InviteJudgement): InviteRefusal | null {
  const { invitee } = input;
  if (usable(invitee.phoneHash) && (invitee.phoneHash === input.inviterPhoneHash || input.phoneRewardedBefore)) return 'same_phone';
  const fingerprint = invitee.fingerprint;
  if (usable(fingerprint) && (input.inviterFingerprints.includes(fingerprint) || input.earlier.some((other) => other.fingerprint === fingerprint))) {
    return 'same_device';
  }
  if (usableIp(invitee.ip)) {
    const since = invitee.registeredAt.getTime() - INVITE_IP_BURST_WINDOW_MS;
    const sameAddress = input.earlier.filter(
      (other) => other.ip === invitee.ip && other.registeredAt.getTime() >= since && other.registeredAt.getTime() <= invitee.registeredAt.getTime(),
    );
    if (sameAddress.length >= INVITE_IP_BURST_MAX) return 'ip_burst';
  }
  return null;
}

/** An order as far as the reward cares. */
export interface RewardOrder {
  kind: string;
  status: number;
  payFen: number;
}

/** ORDER_STATUS.finished, repeated so rules import nothing app-specific beyond constants. */
const FINISHED = 4;

/** Whether an order of the invitee is one whose end pays the inviter: a rental, paid with money (free rentals do not), finished. */
export function isRewardingRental(order: RewardOrder): boolean {
  return order.kind === 'rental' && order.status === FINISHED && order.payFen > 0;
}

/** '138****0001' for a phone; a nickname keeps its first character: '张**'. */
export function maskInvitee(mobile: string | null, nickname: string): string {
  if (mobile && /^\d{11}$/.test(mobile)) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  const chars = [...nickname];
  return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 4))}`;
}

/** The prize (gold coins) for a place in the ranking; 0 outside the prize places. */
export function rankPrizeCoins(rank: number, prizes: readonly { fromRank: number; toRank: number; coins: number }[]): number {
  return prizes.find((prize) => rank >= prize.fromRank && rank <= prize.toRank)?.coins ?? 0;
}

/**
 * Places by count, ties sharing a place (competition ranking: 1, 2, 2, 4); among equals the one who
 * got there first (earlier last valid invitation) is listed first. `rows` must be sorted that way.
 */
export function competitionRanks(counts: readonly number[]): number[] {
  const ranks: number[] = [];
  counts.forEach((value, index) => {
    ranks.push(index > 0 && counts[index - 1] === value ? ranks[index - 1]! : index + 1);
  });
  return ranks;
}

/** A lottery prize as the pick sees it. */
export interface PickablePrize {
  id: number;
  weight: number;
  /** null: unlimited. */
  stock: number | null;
}

/**
 * The prize a uniform `r` in [0, 1) draws among the prizes still in stock, each with weight over the
 * sum of their weights; null when none is left (no prize with stock and no unlimited one).
 */
export function pickPrize<T extends PickablePrize>(prizes: readonly T[], r: number): T | null {
  const open = prizes.filter((prize) => prize.weight > 0 && (prize.stock === null || prize.stock > 0));
  const total = open.reduce((sum, prize) => sum + prize.weight, 0);
  if (total <= 0) return null;
  let point = Math.min(Math.max(r, 0), 1 - Number.EPSILON) * total;
  for (const prize of open) {
    if (point < prize.weight) return prize;
    point -= prize.weight;
  }
  return open[open.length - 1]!;
}

/** Each prize's chance of being drawn now (pickPrize's odds): its weight over the open prizes' weights; 0 when out of stock. */
export function prizeChances<T extends PickablePrize>(prizes: readonly T[]): number[] {
  const open = (prize: T): boolean => prize.weight > 0 && (prize.stock === null || prize.stock > 0);
  const total = prizes.reduce((sum, prize) => sum + (open(prize) ? prize.weight : 0), 0);
  return prizes.map((prize) => (total > 0 && open(prize) ? prize.weight / total : 0));
}
