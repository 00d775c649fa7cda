import { describe, expect, it } from 'vitest';
import { coolingOffEnds, deactivationBlockers, type DeactivationFacts } from '~/features/account/rules/deactivation';

const clear: DeactivationFacts = { openRentals: 0, unpaidOrders: 0, openComplaints: 0, frozenFen: 0, balanceFen: 0, forfeitConsent: false };

describe('deregistration check (issue 16)', () => {
  it.each([
    ['nothing open, no balance', {}, []],
    ['a running or future rental', { openRentals: 1 }, ['open_rentals']],
    ['an unpaid order', { unpaidOrders: 2 }, ['unpaid_orders']],
    ['an open complaint', { openComplaints: 1 }, ['open_complaints']],
    ['money frozen by a withdrawal', { frozenFen: 100 }, ['frozen_money']],
    ['a balance, no consent', { balanceFen: 1 }, ['balance']],
    ['a balance given up by consent', { balanceFen: 5000, forfeitConsent: true }, []],
    ['consent without a balance', { forfeitConsent: true }, []],
    ['everything at once', { openRentals: 1, unpaidOrders: 1, openComplaints: 1, frozenFen: 1, balanceFen: 1 }, ['open_rentals', 'unpaid_orders', 'open_complaints', 'frozen_money', 'balance']],
    ['consent does not excuse frozen money', { frozenFen: 10, balanceFen: 10, forfeitConsent: true }, ['frozen_money']],
  ] as const)('%s', (_label, facts, keys) => {
    expect(deactivationBlockers({ ...clear, ...facts }).map((blocker) => blocker.key)).toEqual(keys);
  });

  it('each blocker says where to resolve it', () => {
    const blockers = deactivationBlockers({ ...clear, openRentals: 1, balanceFen: 1 });
    expect(blockers.map((b) => [b.msg, b.href])).toEqual([
      ['您有进行中或未开始的租号订单，请在订单结束后再申请注销', '/account/order'],
      ['您的账户仍有余额，请先提现，或勾选同意放弃余额', '/account/Withdraw'],
    ]);
  });

  it('the cooling-off ends 7 days after the start', () => {
    expect(coolingOffEnds(new Date('2026-11-26T10:00:00Z'), 7).toISOString()).toBe('2026-12-03T10:00:00.000Z');
  });
});
