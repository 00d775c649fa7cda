/**
 * Whether a user may deregister now (spec §7 account "deactivation check"): no running
 * or future rental, no open complaint, no frozen money (a withdrawal under way), and a balance
 * that is either withdrawn (0) or given up by the user's explicit consent. Pure: the counts in,
 * the blockers out, each with the sentence the page shows and where to go about it.
 */
export interface DeactivationFacts {
  /** Paid rentals whose time has not ended (running now or starting later). */
  openRentals: number;
  /** Orders created but not paid yet (they would still take money). */
  unpaidOrders: number;
  openComplaints: number;
  frozenFen: number;
  balanceFen: number;
  /** The user ticked "I give up my balance of ¥x". */
  forfeitConsent: boolean;
}

export type DeactivationBlockerKey = 'open_rentals' | 'unpaid_orders' | 'open_complaints' | 'frozen_money' | 'balance';

export interface DeactivationBlocker {
  key: DeactivationBlockerKey;
  msg: string;
  /** Where the user resolves it. */
  href: string;
}

export const DEACTIVATION_MSG = {
  open_rentals: '您有进行中或未开始的租号订单，请在订单结束后再申请注销',
  unpaid_orders: '您有未支付的订单，请先支付或取消',
  open_complaints: '您有处理中的投诉，请等待处理完成',
  frozen_money: '您有提现处理中，请等待到账后再申请注销',
  balance: '您的账户仍有余额，请先提现，或勾选同意放弃余额',
} as const satisfies Record<DeactivationBlockerKey, string>;

export function deactivationBlockers(facts: DeactivationFacts): DeactivationBlocker[] {
  const blockers: DeactivationBlocker[] = [];
  if (facts.openRentals > 0) blockers.push({ key: 'open_rentals', msg: DEACTIVATION_MSG.open_rentals, href: '/account/order' });
  if (facts.unpaidOrders > 0) blockers.push({ key: 'unpaid_orders', msg: DEACTIVATION_MSG.unpaid_orders, href: '/account/order' });
  if (facts.openComplaints > 0) blockers.push({ key: 'open_complaints', msg: DEACTIVATION_MSG.open_complaints, href: '/account/complain' });
  if (facts.frozenFen > 0) blockers.push({ key: 'frozen_money', msg: DEACTIVATION_MSG.frozen_money, href: '/account/Withdraw' });
  if (facts.balanceFen > 0 && !facts.forfeitConsent) blockers.push({ key: 'balance', msg: DEACTIVATION_MSG.balance, href: '/account/Withdraw' });
  return blockers;
}

/** The cooling-off's end: `days` after the start. */
export function coolingOffEnds(startedAt: Date, days: number): Date {
  return new Date(startedAt.getTime() + days * 86_400_000);
}
