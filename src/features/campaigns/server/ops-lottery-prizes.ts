/**
 * 抽奖奖品 in the console (campaigns, activities): the activities' lottery prizes
 * with what is left, their weights, the chance each has now and how often each was won; operations
 * set a prize's stock and weight. The draw (services/lottery.ts) reads the rows on every draw, so a
 * change holds from the next one. Each change is audited (lottery_prize.update) in its transaction.
 * One prize of an activity stays unlimited, so a draw always has an outcome.
 */
import { asc, count, eq } from 'drizzle-orm';
import { NEWUSER_ACTIVITY } from '~/platform/config/constants';
import {
  MSG_LOTTERY_PRIZE_KEEP_UNLIMITED,
  MSG_LOTTERY_PRIZE_NOT_FOUND,
  type LotteryPrizeUpdateBody,
  type OpsLotteryPrizeView,
} from '~/features/campaigns/contract/ops-campaigns';
import { routeByName } from '~/platform/config/routes';
import { prizeChances } from '~/features/activities/rules/invitations';
import type { Db, DbOrTx } from '~/platform/db/client';
import { lotteryDraws, lotteryPrizes } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { writeAudit, type OperatorActor } from '~/features/console/server';

type PrizeRow = typeof lotteryPrizes.$inferSelect;

const ACTIVITY_TEXT: Readonly<Record<string, string>> = { [NEWUSER_ACTIVITY]: `${routeByName(NEWUSER_ACTIVITY).title}抽奖` };

/** Every activity's prizes in the order the site shows them, with their chances within their activity. */
export async function listLotteryPrizes(db: DbOrTx): Promise<OpsLotteryPrizeView[]> {
  const rows = await db
    .select({ prize: lotteryPrizes, won: count(lotteryDraws.id) })
    .from(lotteryPrizes)
    .leftJoin(lotteryDraws, eq(lotteryDraws.prizeId, lotteryPrizes.id))
    .groupBy(lotteryPrizes.id)
    .orderBy(asc(lotteryPrizes.activity), asc(lotteryPrizes.sortOrder), asc(lotteryPrizes.id));
  const byActivity = new Map<string, PrizeRow[]>();
  for (const { prize } of rows) byActivity.set(prize.activity, [...(byActivity.get(prize.activity) ?? []), prize]);
  const chance = new Map<number, number>();
  for (const prizes of byActivity.values()) prizeChances(prizes).forEach((value, index) => chance.set(prizes[index]!.id, value));
  return rows.map(({ prize, won }) => ({
    id: prize.id,
    activity: prize.activity,
    activity_text: ACTIVITY_TEXT[prize.activity] ?? prize.activity,
    name: prize.name,
    coins: prize.coins,
    stock: prize.stock,
    weight: prize.weight,
    chance: chance.get(prize.id) ?? 0,
    won: Number(won),
  }));
}

const auditPrize = (prize: PrizeRow): Record<string, unknown> => ({ name: prize.name, coins: prize.coins, stock: prize.stock, weight: prize.weight });

/** POST campaigns/lottery-prizes/update: the prize's stock (null: unlimited) and weight. */
export async function updateLotteryPrize(db: Db, actor: OperatorActor, body: LotteryPrizeUpdateBody, now: Date): Promise<OpsLotteryPrizeView> {
  const stock = body.stock ?? null;
  await db.transaction(async (tx) => {
    const [found] = await tx.select({ activity: lotteryPrizes.activity }).from(lotteryPrizes).where(eq(lotteryPrizes.id, body.id));
    if (!found) throw notFound(MSG_LOTTERY_PRIZE_NOT_FOUND);
    // The activity's prizes are locked in id order: against draws taking stock meanwhile (the stock
    // written is the stock meant), and against a second operator limiting the other unlimited prize.
    const prizes = await tx.select().from(lotteryPrizes).where(eq(lotteryPrizes.activity, found.activity)).orderBy(asc(lotteryPrizes.id)).for('update');
    const before = prizes.find((prize) => prize.id === body.id)!;
    if (stock !== null && !prizes.some((prize) => prize.id !== body.id && prize.stock === null)) throw conflict(MSG_LOTTERY_PRIZE_KEEP_UNLIMITED);
    const [after] = await tx.update(lotteryPrizes).set({ stock, weight: body.weight }).where(eq(lotteryPrizes.id, body.id)).returning();
    await writeAudit(tx, actor, { action: 'lottery_prize.update', targetType: 'lottery_prize', targetId: body.id, before: auditPrize(before), after: auditPrize(after!) }, now);
  });
  const view = (await listLotteryPrizes(db)).find((prize) => prize.id === body.id);
  if (!view) throw notFound(MSG_LOTTERY_PRIZE_NOT_FOUND);
  return view;
}
