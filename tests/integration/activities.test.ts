/**
 * Invitations, the new-user ranking and the lottery (issue 16; docs/decisions.md "Invitations and
 * activities (issue 16)") on PGlite and, with DATABASE_URL_TEST, PostgreSQL: an invitee's first
 * paid rental ends and the inviter is paid once; the anti-abuse rule refuses a same-device invitee;
 * the endpoints; and, on PostgreSQL only, 50 parallel draws that never take stock below zero and
 * spend each chance once (PGlite runs one query at a time, so a race could never show there).
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NEWUSER_ACTIVITY } from '~/platform/config/constants';
import { INVITE_REWARD_COINS, MSG_NO_DRAW_CHANCE, NEWUSER_RANKING_PRIZE_DELAY_DAYS } from '~/features/activities/constants';
import type { DrawResult, FreeOrderStanding, InvitationsOverview, LotteryOverview, RankingAnswer } from '~/features/activities/contract';
import type { Db } from '~/platform/db/client';
import { goldCoinLedger, invitations, lotteryChances, lotteryDraws, lotteryPrizes, users, wallets } from '~/platform/db/schema';
import { AppError } from '~/platform/http/errors';
import { grantChance, payRankingPrizes, recordInvitation, settleInviteRewards } from '~/features/activities/server/invitations';
import { drawLottery } from '~/features/activities/server/lottery';
import { sweepOrders } from '~/features/orders/server/order-lifecycle';
import { payOrder } from '~/features/orders/server/order-payment';
import { createOrder } from '~/features/orders/server/orders';
import { fastForwardRental } from '~/features/orders/server/sandbox-clock';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { changeBalance } from '~/features/wallet/server/wallet';
import { GET as invitationsRoute, ALL as invitationsOther } from '~/pages/api/v1/account/invitations';
import { GET as rankingRoute } from '~/pages/api/v1/rank/activity';
import { GET as lotteryRoute } from '~/pages/api/v1/rank/lottery';
import { POST as drawRoute, ALL as drawOther } from '~/pages/api/v1/rank/drawLottery';
import { GET as freeOrderRoute } from '~/pages/api/v1/rank/freeOrder';
import { bookableListingIds } from './bookable-listings';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const SITE = { origin: 'http://localhost' };
const pgUrl = process.env['DATABASE_URL_TEST'];
let serial = 0;

async function newUser(db: Db, mobile: string | null = null): Promise<number> {
  const n = (serial += 1);
  const id = await db.transaction((tx) => createUser(tx, { username: `act_${n}_${Date.now().toString(36)}`, nickname: `活动${n}`, mobile }, new Date()));
  if (id === null) throw new Error('taken');
  await db.update(users).set({ isRealName: true }).where(eq(users.id, id));
  return id;
}

const phone = (): string => `139${String(Date.now() % 10_000_000).padStart(4, '0')}${String((serial += 1) % 10)}`.slice(0, 11).padEnd(11, '0');

async function coinsOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ coins: wallets.goldCoins }).from(wallets).where(eq(wallets.userId, userId));
  return row?.coins ?? 0;
}

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`invitations and activities on ${label}`, () => {
    let db: Db;
    let listingIds: number[] = [];
    useSuiteDatabase({ driver, skip, seed: true }, async (opened) => {
      db = opened;
      listingIds = await bookableListingIds(db, 3);
    });

    /** The invitee rents a listing with money, and the rental is fast-forwarded to its end (the real sweep runs). */
    async function rentAndEnd(userId: number): Promise<string> {
      const listingId = listingIds.shift();
      if (listingId === undefined) throw new Error('no bookable listing left');
      await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: 100_000, refNo: `act-credit-${(serial += 1)}` }));
      const now = new Date();
      const order = await createOrder(db, userId, { account_id: listingId, option: 'hourly', hours: 3 }, null, now);
      await payOrder(db, userId, { order_no: order.order_no, channel: 'wallet' }, null, SITE, now);
      await fastForwardRental(db, userId, order.order_no, new Date());
      return order.order_no;
    }

    it('an invitee’s first paid rental ends: the inviter gets INVITE_REWARD_COINS once, a ledger row and a draw chance; shown masked', async () => {
      const inviter = await newUser(db);
      const mobile = phone();
      const invitee = await newUser(db, mobile);
      await db.transaction((tx) => recordInvitation(tx, { inviterUserId: inviter, inviteeUserId: invitee, mobile, fingerprint: 'fp-a', ip: '10.0.0.1' }, new Date()));
      const before = await coinsOf(db, inviter);
      const token = (await issueToken(db, inviter, { now: new Date() })).token;

      let overview = expectOk(await callRoute<InvitationsOverview>(invitationsRoute, '/api/v1/account/invitations', { authorization: `Bearer ${token}` }));
      expect(overview.list).toHaveLength(1);
      expect(overview.list[0]).toMatchObject({ who: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`, state: 'pending', state_text: '待首单完成', coins: 0 });
      expect(overview.invite_link).toMatch(/\/register\?invite=[A-Z0-9]+$/);
      expect(overview.qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/);

      const orderNo = await rentAndEnd(invitee);
      expect(await coinsOf(db, inviter)).toBe(before + INVITE_REWARD_COINS);
      // Sweeping and settling again pays nothing more.
      await sweepOrders(db, new Date());
      await settleInviteRewards(db, new Date());
      expect(await coinsOf(db, inviter)).toBe(before + INVITE_REWARD_COINS);
      const ledger = await db.select().from(goldCoinLedger).where(and(eq(goldCoinLedger.userId, inviter), eq(goldCoinLedger.kind, 'invite')));
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({ amount: INVITE_REWARD_COINS, refNo: `invitee-${invitee}` });
      const [row] = await db.select().from(invitations).where(eq(invitations.inviteeUserId, invitee));
      expect(row).toMatchObject({ status: 'rewarded', rewardCoins: INVITE_REWARD_COINS, orderNo });
      const chances = await db.select().from(lotteryChances).where(and(eq(lotteryChances.userId, inviter), isNull(lotteryChances.usedAt)));
      expect(chances.map((c) => c.source)).toEqual(['invite']);

      overview = expectOk(await callRoute<InvitationsOverview>(invitationsRoute, '/api/v1/account/invitations', { authorization: `Bearer ${token}` }));
      expect(overview).toMatchObject({ invited: 1, rewarded: 1, coins_earned: INVITE_REWARD_COINS });
      expect(overview.list[0]).toMatchObject({ state: 'rewarded', state_text: '已奖励', coins: INVITE_REWARD_COINS });

      // The ranking counts it, and the inviter's own place is shown.
      const ranking = expectOk(await callRoute<RankingAnswer>(rankingRoute, '/api/v1/rank/activity', { authorization: `Bearer ${token}` }));
      expect(ranking.mine).toMatchObject({ rank: 1, count: 1, prize_coins: 5000 });
      expect(ranking.rows[0]).toMatchObject({ rank: 1, count: 1 });
      const anonymous = expectOk(await callRoute<RankingAnswer>(rankingRoute, '/api/v1/rank/activity'));
      expect(anonymous.mine).toBeNull();
      expect(anonymous.rows.length).toBeGreaterThan(0);

      // The invitee got the register chance; the draw spends it and pays a prize's coins.
      const inviteeToken = (await issueToken(db, invitee, { now: new Date() })).token;
      const lottery = expectOk(await callRoute<LotteryOverview>(lotteryRoute, '/api/v1/rank/lottery', { authorization: `Bearer ${inviteeToken}` }));
      expect(lottery.chances).toBe(1);
      expect(lottery.prizes.map((p) => p.name)).toEqual(['1000金币', '200金币', '50金币', '谢谢参与']);
      const coinsBefore = await coinsOf(db, invitee);
      const drawn = expectOk(await callRoute<DrawResult>(drawRoute, '/api/v1/rank/drawLottery', { method: 'POST', authorization: `Bearer ${inviteeToken}` }));
      expect(drawn.chances).toBe(0);
      expect(await coinsOf(db, invitee)).toBe(coinsBefore + drawn.coins);
      expectError(await callRoute(drawRoute, '/api/v1/rank/drawLottery', { method: 'POST', authorization: `Bearer ${inviteeToken}` }), 409, MSG_NO_DRAW_CHANCE);
    }, 60_000);

    it('the same device as an earlier invitee: refused as same_device, no coins', async () => {
      const inviter = await newUser(db);
      const first = await newUser(db, phone());
      const second = await newUser(db, phone());
      await db.transaction((tx) => recordInvitation(tx, { inviterUserId: inviter, inviteeUserId: first, mobile: null, fingerprint: 'fp-shared', ip: '10.0.0.2' }, new Date()));
      await db.transaction((tx) => recordInvitation(tx, { inviterUserId: inviter, inviteeUserId: second, mobile: null, fingerprint: 'fp-shared', ip: '10.0.0.3' }, new Date()));
      await rentAndEnd(second);
      await rentAndEnd(first);
      const rows = await db.select().from(invitations).where(eq(invitations.inviterUserId, inviter)).orderBy(invitations.id);
      expect(rows.map((r) => [r.status, r.refuseReason])).toEqual([
        ['rewarded', null],
        ['refused', 'same_device'],
      ]);
      expect(await coinsOf(db, inviter)).toBe(INVITE_REWARD_COINS);
    }, 60_000);

    it('a settled ranking window pays its prizes once, in gold coins, ties sharing a place; not before its grace days', async () => {
      // March 2025 (Shanghai): far from the demo data and from this file's other invitations.
      const inMarch = (day: number) => new Date(`2025-03-${String(day).padStart(2, '0')}T10:00:00+08:00`);
      const inviters = { first: await newUser(db), tiedA: await newUser(db), tiedB: await newUser(db), fourth: await newUser(db) };
      const valid = { first: 3, tiedA: 2, tiedB: 2, fourth: 1 };
      let day = 1;
      for (const [who, n] of Object.entries(valid) as Array<[keyof typeof valid, number]>) {
        for (let i = 0; i < n; i += 1) {
          const invitee = await newUser(db);
          day += 1;
          await db.insert(invitations).values({ inviterUserId: inviters[who], inviteeUserId: invitee, status: 'rewarded', rewardCoins: INVITE_REWARD_COINS, decidedAt: inMarch(day), createdAt: inMarch(day) });
        }
      }
      // A refused invitation counts for nobody.
      await db.insert(invitations).values({ inviterUserId: inviters.fourth, inviteeUserId: await newUser(db), status: 'refused', refuseReason: 'same_device', createdAt: inMarch(20) });
      const before = Object.fromEntries(await Promise.all(Object.entries(inviters).map(async ([who, id]) => [who, await coinsOf(db, id)] as const)));

      // Within the grace days after the window the prizes wait (late invitations may still become valid).
      expect(await payRankingPrizes(db, new Date(`2025-04-0${NEWUSER_RANKING_PRIZE_DELAY_DAYS - 2}T12:00:00+08:00`))).toBe(0);
      const settledAt = new Date(Date.parse('2025-04-01T00:00:00+08:00') + NEWUSER_RANKING_PRIZE_DELAY_DAYS * 24 * 60 * 60 * 1000 + 60_000);
      expect(await payRankingPrizes(db, settledAt)).toBe(4);
      expect(await payRankingPrizes(db, new Date(settledAt.getTime() + 60_000))).toBe(0);

      const gained = async (who: keyof typeof inviters) => (await coinsOf(db, inviters[who])) - before[who]!;
      expect({ first: await gained('first'), tiedA: await gained('tiedA'), tiedB: await gained('tiedB'), fourth: await gained('fourth') }).toEqual({ first: 5000, tiedA: 3000, tiedB: 3000, fourth: 500 });
      const rows = await db.select({ userId: goldCoinLedger.userId, refNo: goldCoinLedger.refNo }).from(goldCoinLedger).where(eq(goldCoinLedger.kind, 'rank_prize'));
      expect(rows.filter((row) => Object.values(inviters).includes(row.userId)).map((row) => row.refNo)).toEqual(Array(4).fill(`${NEWUSER_ACTIVITY}:2025-03`));
    });

    it('endpoints: 401 without a token, 405 on other methods', async () => {
      expectUnauthorized(await callRoute(invitationsRoute, '/api/v1/account/invitations'));
      expectUnauthorized(await callRoute(drawRoute, '/api/v1/rank/drawLottery', { method: 'POST' }));
      expect((await callRoute(invitationsOther, '/api/v1/account/invitations', { method: 'POST' })).status).toBe(405);
      expect((await callRoute(drawOther, '/api/v1/rank/drawLottery', { method: 'GET' })).status).toBe(405);
      const anonymous = expectOk(await callRoute<LotteryOverview>(lotteryRoute, '/api/v1/rank/lottery'));
      expect(anonymous.chances).toBeNull();
      expectUnauthorized(await callRoute(freeOrderRoute, '/api/v1/rank/freeOrder'));
    });

    it('the free first order standing: a new user is eligible; after a paid rental, rented_before', async () => {
      const userId = await newUser(db, phone());
      const token = (await issueToken(db, userId, { now: new Date() })).token;
      const before = expectOk(await callRoute<FreeOrderStanding>(freeOrderRoute, '/api/v1/rank/freeOrder', { authorization: `Bearer ${token}` }));
      expect(before).toMatchObject({ state: 'eligible', text: '您是新用户，可免费租用下方任一账号，首单免单' });
      await rentAndEnd(userId);
      const after = expectOk(await callRoute<FreeOrderStanding>(freeOrderRoute, '/api/v1/rank/freeOrder', { authorization: `Bearer ${token}` }));
      expect(after.state).toBe('rented_before');
    }, 60_000);
  });
}

describe.skipIf(!pgUrl)('lottery races on PostgreSQL (DATABASE_URL_TEST)', () => {
  let db: Db;
  useSuiteDatabase({ driver: 'postgres', skip: false, seed: false }, (opened) => {
    db = opened;
  });

  it('60 parallel draws over 50 chances of 25 users: 50 draws, each chance once, stock 7 → 0 never below, 10 refusals 409', async () => {
    const activity = `race_${Date.now().toString(36)}`;
    const [big] = await db.insert(lotteryPrizes).values({ activity, name: '大奖', coins: 10, stock: 7, weight: 1000, sortOrder: 1 }).returning();
    const [none] = await db.insert(lotteryPrizes).values({ activity, name: '谢谢参与', coins: 0, stock: null, weight: 1, sortOrder: 2 }).returning();
    const userIds: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const id = await newUser(db);
      userIds.push(id);
      for (const ref of ['a', 'b']) await grantChance(db, id, 'test', ref, new Date(), activity);
    }
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        drawLottery(db, userIds[i % 25]!, new Date(), activity, () => 0).then(
          (value) => ({ ok: true as const, value }),
          (error: unknown) => (error instanceof AppError ? { ok: false as const, status: error.httpStatus, msg: error.message } : { ok: false as const, unexpected: error }),
        ),
      ),
    );
    expect(outcomes.filter((o) => 'unexpected' in o)).toEqual([]);
    const won = outcomes.filter((o) => o.ok);
    expect(won).toHaveLength(50);
    expect(outcomes.filter((o) => !o.ok)).toEqual(Array.from({ length: 10 }, () => ({ ok: false, status: 409, msg: MSG_NO_DRAW_CHANCE })));
    expect(won.filter((o) => o.value.prize_id === big!.id)).toHaveLength(7);
    expect(won.filter((o) => o.value.prize_id === none!.id)).toHaveLength(43);
    const [stock] = await db.select({ stock: lotteryPrizes.stock }).from(lotteryPrizes).where(eq(lotteryPrizes.id, big!.id));
    expect(stock!.stock).toBe(0);
    const [draws] = await db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.activity, activity));
    expect(draws!.n).toBe(50);
    const [unused] = await db.select({ n: count() }).from(lotteryChances).where(and(eq(lotteryChances.activity, activity), isNull(lotteryChances.usedAt)));
    expect(unused!.n).toBe(0);
    const coins = await db.select({ n: count() }).from(goldCoinLedger).where(eq(goldCoinLedger.kind, 'lottery'));
    expect(coins[0]!.n).toBe(7);
  }, 60_000);
});
