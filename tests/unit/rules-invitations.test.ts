import { describe, expect, it } from 'vitest';
import { FREE_ORDER_NEW_USER_DAYS, INVITE_IP_BURST_MAX, NEWUSER_RANKING_PRIZES } from '~/features/activities/constants';
import { freeOrderState, type FreeOrderFacts } from '~/features/activities/rules/free-order-activity';
import { competitionRanks, isRewardingRental, judgeInvitation, maskInvitee, pickPrize, prizeChances, rankPrizeCoins, type InviteJudgement, type InviteeFacts } from '~/features/activities/rules/invitations';

const T0 = new Date('2026-11-01T10:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number): Date => new Date(T0.getTime() + hours * HOUR);
const facts = (over: Partial<InviteeFacts> = {}): InviteeFacts => ({ phoneHash: 'p-new', fingerprint: 'fp-new', ip: '1.1.1.1', registeredAt: at(0), ...over });
const judge = (over: Partial<InviteJudgement> = {}): InviteJudgement => ({
  invitee: facts(),
  inviterPhoneHash: 'p-inviter',
  inviterFingerprints: ['fp-inviter'],
  phoneRewardedBefore: false,
  earlier: [],
  ...over,
});
const sameIp = (n: number, hoursBefore: number): InviteeFacts[] =>
  Array.from({ length: n }, (_, i) => facts({ phoneHash: `p${i}`, fingerprint: `fp${i}`, registeredAt: at(-hoursBefore) }));

describe('judgeInvitation: the anti-abuse rule (docs/decisions.md "Invitations and activities (issue 16)")', () => {
  it.each<[string, InviteJudgement, string | null]>([
    ['a clean invitation pays', judge(), null],
    ['the inviter’s own phone', judge({ invitee: facts({ phoneHash: 'p-inviter' }) }), 'same_phone'],
    ['a phone that already paid an invitation (re-registered)', judge({ phoneRewardedBefore: true }), 'same_phone'],
    ['unknown phone is not a match', judge({ invitee: facts({ phoneHash: null }), inviterPhoneHash: null }), null],
    ['the inviter’s device', judge({ invitee: facts({ fingerprint: 'fp-inviter' }) }), 'same_device'],
    ['the device of an earlier invitee', judge({ earlier: [facts({ phoneHash: 'p-other', ip: '2.2.2.2', registeredAt: at(-100) })] }), 'same_device'],
    ['no fingerprint is not a match', judge({ invitee: facts({ fingerprint: null }), earlier: [facts({ fingerprint: null, phoneHash: 'x', ip: '9.9.9.9' })] }), null],
    ['blank fingerprint is not a match', judge({ invitee: facts({ fingerprint: '  ' }), inviterFingerprints: ['  '] }), null],
    [`${INVITE_IP_BURST_MAX - 1} earlier from the address within 24 h: still pays`, judge({ earlier: sameIp(INVITE_IP_BURST_MAX - 1, 1) }), null],
    [`${INVITE_IP_BURST_MAX} earlier from the address within 24 h: burst`, judge({ earlier: sameIp(INVITE_IP_BURST_MAX, 1) }), 'ip_burst'],
    [`${INVITE_IP_BURST_MAX} earlier from the address 25 h before: pays`, judge({ earlier: sameIp(INVITE_IP_BURST_MAX, 25) }), null],
    ['exactly 24 h before still counts', judge({ earlier: sameIp(INVITE_IP_BURST_MAX, 24) }), 'ip_burst'],
    ['an unknown address never bursts', judge({ invitee: facts({ ip: 'unknown' }), earlier: sameIp(5, 1).map((f) => ({ ...f, ip: 'unknown' })) }), null],
    ['phone wins over device when both match', judge({ invitee: facts({ phoneHash: 'p-inviter', fingerprint: 'fp-inviter' }) }), 'same_phone'],
  ])('%s', (_name, input, expected) => {
    expect(judgeInvitation(input)).toBe(expected);
  });
});

describe('isRewardingRental: which order pays the inviter', () => {
  it.each<[string, { kind: string; status: number; payFen: number }, boolean]>([
    ['a finished paid rental', { kind: 'rental', status: 4, payFen: 1200 }, true],
    ['a running rental (not ended yet)', { kind: 'rental', status: 3, payFen: 1200 }, false],
    ['a cancelled rental', { kind: 'rental', status: 5, payFen: 1200 }, false],
    ['a free rental (nothing paid)', { kind: 'rental', status: 4, payFen: 0 }, false],
    ['a recharge', { kind: 'recharge', status: 4, payFen: 5000 }, false],
    ['a VIP order', { kind: 'vip', status: 4, payFen: 3000 }, false],
  ])('%s', (_name, order, expected) => {
    expect(isRewardingRental(order)).toBe(expected);
  });
});

describe('masking, ranks and rank prizes', () => {
  it.each<[string | null, string, string]>([
    ['13800000001', '用户0001', '138****0001'],
    [null, '张三丰', '张**'],
    [null, 'A', '*'],
    [null, '一二三四五六七', '一****'],
  ])('maskInvitee(%s, %s) = %s', (mobile, nickname, expected) => {
    expect(maskInvitee(mobile, nickname)).toBe(expected);
  });

  it.each<[number[], number[]]>([
    [[5, 4, 4, 2], [1, 2, 2, 4]],
    [[3, 3, 3], [1, 1, 1]],
    [[], []],
  ])('competitionRanks(%j) = %j', (counts, ranks) => {
    expect(competitionRanks(counts)).toEqual(ranks);
  });

  it.each<[number, number]>([
    [1, 5000],
    [2, 3000],
    [3, 2000],
    [4, 500],
    [10, 500],
    [11, 0],
  ])('place %i wins %i coins', (rank, coins) => {
    expect(rankPrizeCoins(rank, NEWUSER_RANKING_PRIZES)).toBe(coins);
  });
});

describe('pickPrize: weights over the prizes in stock', () => {
  const prizes = [
    { id: 1, weight: 10, stock: 1 },
    { id: 2, weight: 30, stock: 0 },
    { id: 3, weight: 60, stock: null },
  ];
  it.each<[number, number | null]>([
    [0, 1],
    [0.1428, 1], // 10 / 70 = 0.1429: the out-of-stock prize's weight is not counted
    [0.143, 3],
    [0.9999999, 3],
    [1, 3], // clamped below 1
    [-0.5, 1], // clamped at 0
  ])('r = %f draws prize %s', (r, id) => {
    expect(pickPrize(prizes, r)?.id ?? null).toBe(id);
  });

  it('nothing left: null', () => {
    expect(pickPrize([{ id: 1, weight: 5, stock: 0 }], 0.3)).toBeNull();
  });

  it('prizeChances gives the same odds the pick draws by: out of stock is 0, the rest share their weights', () => {
    expect(prizeChances(prizes)).toEqual([10 / 70, 0, 60 / 70]);
    expect(prizeChances([{ id: 1, weight: 5, stock: 0 }])).toEqual([0]);
    expect(prizeChances([])).toEqual([]);
  });
});

describe('freeOrderState: the new-user free first order (/activity/free_order)', () => {
  const reg = new Date('2026-11-01T00:00:00Z');
  const day = (n: number): Date => new Date(reg.getTime() + n * 24 * HOUR);
  it.each<[string, FreeOrderFacts, Date, string]>([
    ['new, no rental', { registeredAt: reg, firstFreeOrderAt: null, firstPaidRentalAt: null }, day(1), 'eligible'],
    ['just under the days', { registeredAt: reg, firstFreeOrderAt: null, firstPaidRentalAt: null }, new Date(day(FREE_ORDER_NEW_USER_DAYS).getTime() - 1), 'eligible'],
    ['at the days', { registeredAt: reg, firstFreeOrderAt: null, firstPaidRentalAt: null }, day(FREE_ORDER_NEW_USER_DAYS), 'not_new'],
    ['took a free rental first', { registeredAt: reg, firstFreeOrderAt: day(1), firstPaidRentalAt: day(2) }, day(3), 'used'],
    ['rented with money first', { registeredAt: reg, firstFreeOrderAt: day(2), firstPaidRentalAt: day(1) }, day(3), 'rented_before'],
    ['rented with money, old account', { registeredAt: reg, firstFreeOrderAt: null, firstPaidRentalAt: day(1) }, day(30), 'rented_before'],
  ])('%s', (_name, facts, now, expected) => {
    expect(freeOrderState(facts, now)).toBe(expected);
  });
});
