/**
 * 抽奖奖品 in the console through its calls, on PGlite and PostgreSQL: the list shows the migration's
 * prizes with the chance each has now; a save sets stock (blank: unlimited) and weight, is audited
 * with before and after, and holds from the next draw (a prize at stock 0 is never drawn); the last
 * unlimited prize of an activity cannot be limited, also when two operators try at once; bad input
 * is refused with a Chinese message and writes nothing; customer service and finance get 403.
 */
import type { APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NEWUSER_ACTIVITY } from '~/platform/config/constants';
import { MSG_OPS_FORBIDDEN } from '~/features/console/contract/ops';
import { MSG_LOTTERY_PRIZE_KEEP_UNLIMITED, MSG_LOTTERY_PRIZE_NOT_FOUND, type OpsLotteryPrizeView } from '~/features/campaigns/contract/ops-campaigns';
import type { Db } from '~/platform/db/client';
import { lotteryChances, lotteryPrizes, opsAuditLog, users } from '~/platform/db/schema';
import { drawLottery } from '~/features/activities/server/lottery';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { GET as listRoute } from '~/pages/api/v1/ops/campaigns/lottery-prizes/index';
import { POST as updateRoute } from '~/pages/api/v1/ops/campaigns/lottery-prizes/update';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console lottery prizes (${label})`, () => {
    let db: Db;
    const cookies = { operations: '', operations2: '', service: '', finance: '' };
    const USERNAMES = { operations: 'lpops1', operations2: 'lpops2', service: 'lpkf', finance: 'lpcw' } as const;
    let operationsId = 0;

    useSuiteDatabase({ driver, skip }, (opened) => {
      db = opened;
    });

    beforeAll(async () => {
      if (skip) return;
      const now = new Date();
      for (const [key, role] of [['operations', 'operations'], ['operations2', 'operations'], ['service', 'service'], ['finance', 'finance']] as const) {
        const operator = await createOperator(db, { username: `${USERNAMES[key]}${driver.slice(0, 2)}`, password: 'lottery_pass_1', role, displayName: `抽奖${key}` }, now);
        cookies[key] = (await openOperatorSession(db, operator.id, now)).cookie;
        if (key === 'operations') operationsId = operator.id;
      }
    });

    const list = async (): Promise<OpsLotteryPrizeView[]> => expectOk(await callRoute<OpsLotteryPrizeView[]>(listRoute, '/api/v1/ops/campaigns/lottery-prizes', { cookie: cookies.operations }));
    const update = <T,>(body: unknown, cookie = cookies.operations): Promise<CallResult<T>> =>
      callRoute<T>(updateRoute as APIRoute, '/api/v1/ops/campaigns/lottery-prizes/update', { method: 'POST', cookie, body });
    const byName = async (name: string): Promise<OpsLotteryPrizeView> => (await list()).find((prize) => prize.name === name)!;
    const auditCount = async (): Promise<number> =>
      Number((await db.select({ n: sql<number>`count(*)::int` }).from(opsAuditLog).where(eq(opsAuditLog.action, 'lottery_prize.update')))[0]!.n);

    it("lists the activity's prizes with stock, weight and the chance each has now", async () => {
      const prizes = await list();
      expect(prizes.map((prize) => [prize.name, prize.coins, prize.stock, prize.weight])).toEqual([
        ['1000金币', 1000, 5, 2],
        ['200金币', 200, 50, 10],
        ['50金币', 50, 500, 38],
        ['谢谢参与', 0, null, 50],
      ]);
      expect(prizes.map((prize) => prize.chance)).toEqual([0.02, 0.1, 0.38, 0.5]);
      expect(prizes.every((prize) => prize.activity === NEWUSER_ACTIVITY && prize.activity_text === '新人排行榜抽奖' && prize.won === 0)).toBe(true);
    });

    it('a save sets stock and weight from the next draw on, audited; stock 0 is never drawn', async () => {
      const top = await byName('1000金币');
      const saved = expectOk(await update<OpsLotteryPrizeView>({ id: top.id, stock: 0, weight: 7 }));
      expect(saved).toMatchObject({ id: top.id, stock: 0, weight: 7, chance: 0 });
      expect((await byName('谢谢参与')).chance).toBeCloseTo(50 / 98);
      const [audit] = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'lottery_prize.update'), eq(opsAuditLog.targetId, String(top.id))));
      expect(audit).toMatchObject({ operatorId: operationsId, targetType: 'lottery_prize', before: { stock: 5, weight: 2 }, after: { stock: 0, weight: 7 } });

      // A draw with r = 0 would take the first open prize: with 1000金币 at 0 it is 200金币.
      const [user] = await db.insert(users).values({ username: `lpdraw${driver.slice(0, 2)}`, nickname: '抽奖人' }).returning({ id: users.id });
      await db.insert(lotteryChances).values({ userId: user!.id, activity: NEWUSER_ACTIVITY, source: 'register', refNo: 'lp-test' });
      const drawn = await drawLottery(db, user!.id, new Date(), NEWUSER_ACTIVITY, () => 0);
      expect(drawn.prize).toBe('200金币');
      expect((await byName('200金币')).won).toBe(1);

      // Blank stock (absent) is unlimited again.
      expect(expectOk(await update<OpsLotteryPrizeView>({ id: top.id, weight: 2 }))).toMatchObject({ stock: null, weight: 2 });
      expectOk(await update({ id: top.id, stock: 5, weight: 2 }));
    });

    it('keeps one unlimited prize per activity, also when two operators limit the last two at once', async () => {
      const thanks = await byName('谢谢参与');
      expectError(await update({ id: thanks.id, stock: 100, weight: 50 }), 409, MSG_LOTTERY_PRIZE_KEEP_UNLIMITED);
      // Make a second unlimited prize, then limit both at once: one of the two saves must lose.
      const fifty = await byName('50金币');
      expectOk(await update({ id: fifty.id, stock: null, weight: 38 }));
      const results = await Promise.all([
        update({ id: thanks.id, stock: 10, weight: 50 }, cookies.operations),
        update({ id: fifty.id, stock: 10, weight: 38 }, cookies.operations2),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
      const unlimited = await db.select().from(lotteryPrizes).where(and(eq(lotteryPrizes.activity, NEWUSER_ACTIVITY), sql`${lotteryPrizes.stock} is null`));
      expect(unlimited).toHaveLength(1);
      // Back to the migration's state for the next test.
      await db.update(lotteryPrizes).set({ stock: null, weight: 50 }).where(eq(lotteryPrizes.id, thanks.id));
      await db.update(lotteryPrizes).set({ stock: 500, weight: 38 }).where(eq(lotteryPrizes.id, fifty.id));
    });

    it('refuses bad input with a message and writes nothing; other roles get 403', async () => {
      const top = await byName('1000金币');
      const before = await auditCount();
      for (const body of [
        { id: top.id, stock: -1, weight: 2 },
        { id: top.id, stock: 1e20, weight: 2 },
        { id: top.id, stock: 1.5, weight: 2 },
        { id: top.id, stock: '5', weight: 2 },
        { id: top.id, stock: 5, weight: 0 },
        { id: top.id, stock: 5 },
        { id: top.id, stock: 5, weight: 2_000_000 },
        { id: 'x', stock: 5, weight: 2 },
        { id: top.id, stock: 5, weight: 2, name: 'a\u0000b' },
      ]) {
        const answer = await update(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.msg).toMatch(/[\u4e00-\u9fff]/);
      }
      expectError(await update({ id: 99_999_999, stock: 5, weight: 2 }), 404, MSG_LOTTERY_PRIZE_NOT_FOUND);
      expectError(await update({ id: top.id, stock: 1, weight: 1 }, cookies.service), 403, MSG_OPS_FORBIDDEN);
      expectError(await update({ id: top.id, stock: 1, weight: 1 }, cookies.finance), 403, MSG_OPS_FORBIDDEN);
      expect((await callRoute(listRoute, '/api/v1/ops/campaigns/lottery-prizes', { cookie: cookies.service })).status).toBe(403);
      expect(await auditCount()).toBe(before);
      expect(await byName('1000金币')).toMatchObject({ stock: 5, weight: 2 });
    });
  });
}
