/** /activity/free_order: the caller's standing (rules in features/activities/rules/free-order-activity.ts). */
import { and, eq, min, ne } from 'drizzle-orm';
import { ORDER_STATUS } from '~/platform/config/constants';
import type { FreeOrderStanding } from '~/features/activities/contract';
import { FREE_ORDER_STATE_TEXT, freeOrderDeadline, freeOrderState } from '~/features/activities/rules/free-order-activity';
import type { DbOrTx } from '~/platform/db/client';
import { orders, users } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors';

export async function freeOrderStanding(db: DbOrTx, userId: number, now: Date): Promise<FreeOrderStanding> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('用户不存在');
  const rows = await db
    .select({ isFree: orders.isFree, first: min(orders.createdAt) })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'rental'), ne(orders.status, ORDER_STATUS.cancelled)))
    .groupBy(orders.isFree);
  const state = freeOrderState(
    {
      registeredAt: user.createdAt,
      firstFreeOrderAt: rows.find((row) => row.isFree)?.first ?? null,
      firstPaidRentalAt: rows.find((row) => !row.isFree)?.first ?? null,
    },
    now,
  );
  return { state, text: FREE_ORDER_STATE_TEXT[state], deadline: freeOrderDeadline(user.createdAt).toISOString() };
}
