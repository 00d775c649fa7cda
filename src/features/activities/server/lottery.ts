/**
 * The activity lottery (spec §7 rank "draw lottery"; docs/decisions.md "Invitations and
 * activities"). A draw is one transaction: take one unused chance of the caller's (row
 * lock, SKIP LOCKED so parallel draws of one user take different chances), pick a prize among
 * those in stock, take one from its stock with a guarded UPDATE (stock > 0; the check constraint is
 * the last word), spend the chance, record the draw and pay the coins. A prize that ran out between
 * the pick and the UPDATE falls back to the unlimited prize, so a draw never fails for stock.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { NEWUSER_ACTIVITY } from '~/platform/config/constants';
import { MSG_NO_DRAW_CHANCE } from '~/features/activities/constants';
import type { DrawResult, LotteryOverview } from '~/features/activities/contract';
import { pickPrize } from '~/features/activities/rules/invitations';
import type { Db, DbOrTx } from '~/platform/db/client';
import { lotteryChances, lotteryDraws, lotteryPrizes } from '~/platform/db/schema';
import { conflict } from '~/platform/http/errors';
import { creditGoldCoins, GOLD_KIND } from '~/features/wallet/server';

export const MSG_LOTTERY_EMPTY = '奖品已抽完';

async function chancesLeft(db: DbOrTx, userId: number, activity: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lotteryChances)
    .where(and(eq(lotteryChances.userId, userId), eq(lotteryChances.activity, activity), isNull(lotteryChances.usedAt)));
  return row?.n ?? 0;
}

export async function getLottery(db: DbOrTx, userId: number | null, activity: string = NEWUSER_ACTIVITY): Promise<LotteryOverview> {
  const prizes = await db.select().from(lotteryPrizes).where(eq(lotteryPrizes.activity, activity)).orderBy(lotteryPrizes.sortOrder, lotteryPrizes.id);
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  const draws =
    userId === null
      ? []
      : await db
          .select({ prize: lotteryPrizes.name, coins: lotteryPrizes.coins, drawnAt: lotteryDraws.createdAt })
          .from(lotteryDraws)
          .innerJoin(lotteryPrizes, eq(lotteryPrizes.id, lotteryDraws.prizeId))
          .where(and(eq(lotteryDraws.userId, userId), eq(lotteryDraws.activity, activity)))
          .orderBy(desc(lotteryDraws.id))
          .limit(10);
  return {
    prizes: prizes.map((prize) => ({
      id: prize.id,
      name: prize.name,
      coins: prize.coins,
      stock: prize.stock,
      chance_percent: total > 0 ? Math.round((prize.weight / total) * 1000) / 10 : 0,
    })),
    chances: userId === null ? null : await chancesLeft(db, userId, activity),
    draws: draws.map((draw) => ({ prize: draw.prize, coins: draw.coins, drawn_at: draw.drawnAt.toISOString() })),
  };
}

/** One draw for the user; 409 暂无抽奖机会 without an unused chance. `random` is [0, 1) (tests pass their own). */
export async function drawLottery(db: Db, userId: number, now: Date, activity: string = NEWUSER_ACTIVITY, random: () => number = Math.random): Promise<DrawResult> {
  return db.transaction(async (tx) => {
    const [chance] = await tx
      .select({ id: lotteryChances.id })
      .from(lotteryChances)
      .where(and(eq(lotteryChances.userId, userId), eq(lotteryChances.activity, activity), isNull(lotteryChances.usedAt)))
      .orderBy(lotteryChances.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!chance) throw conflict(MSG_NO_DRAW_CHANCE);
    const left = (await chancesLeft(tx, userId, activity)) - 1;

    const prizes = await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.activity, activity)).orderBy(lotteryPrizes.sortOrder, lotteryPrizes.id);
    let prize = pickPrize(prizes, random());
    if (!prize) throw conflict(MSG_LOTTERY_EMPTY);
    await tx.update(lotteryChances).set({ usedAt: now }).where(eq(lotteryChances.id, chance.id));
    // The stock row is the one every draw of this prize waits for: taken as late as possible, so it
    // is held only for the draw row and the coins that follow.
    if (prize.stock !== null) {
      const [taken] = await tx
        .update(lotteryPrizes)
        .set({ stock: sql`${lotteryPrizes.stock} - 1` })
        .where(and(eq(lotteryPrizes.id, prize.id), sql`${lotteryPrizes.stock} > 0`))
        .returning({ id: lotteryPrizes.id });
      // Another draw took the last one after our read: the unlimited prize instead.
      if (!taken) prize = prizes.find((candidate) => candidate.stock === null) ?? null;
      if (!prize) throw conflict(MSG_LOTTERY_EMPTY);
    }

    const [draw] = await tx.insert(lotteryDraws).values({ userId, activity, chanceId: chance.id, prizeId: prize.id, createdAt: now }).returning({ id: lotteryDraws.id });
    if (prize.coins > 0) {
      await creditGoldCoins(tx, { userId, amount: prize.coins, kind: GOLD_KIND.lottery, refNo: `draw-${draw!.id}`, duplicateMsg: '奖品已发放' }, now);
    }
    return { prize_id: prize.id, prize: prize.name, coins: prize.coins, chances: left };
  });
}
