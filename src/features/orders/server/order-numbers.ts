/**
 * Numbers of orders, payments, renewals and withdrawals: a letter for the kind, the Shanghai
 * time to the second and 8 random digits ("R20261123153000" + "48213907"), so they sort by time,
 * read well on a receipt and cannot be guessed. The unique indexes are the final word.
 */
import { randomInt } from 'node:crypto';
import { formatShanghaiStamp } from '~/platform/rules/shanghai-time';

export const NUMBER_PREFIX = { rental: 'R', vip: 'V', recharge: 'C', payment: 'P', renewal: 'N', withdrawal: 'W', transfer: 'T' } as const;
export type NumberKind = keyof typeof NUMBER_PREFIX;

export function newNumber(kind: NumberKind, now: Date): string {
  return `${NUMBER_PREFIX[kind]}${formatShanghaiStamp(now)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
