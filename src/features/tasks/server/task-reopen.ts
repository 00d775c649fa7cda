/**
 * The wanted board after an accepted offer's order is cancelled before it was paid (the
 * renter cancelled it, or its pay deadline passed): the task goes back on the board, open again
 * until its own expiry, and every offer on it is 待选择 again, so the renter may accept the same
 * offer or another. Called from the order service's cancel paths, so it knows only the tables.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbTx } from '~/platform/db/client';
import { taskOffers, wantedTasks } from '~/platform/db/schema';

/** Reopens the tasks whose order is one of `orderIds` (orders cancelled unpaid); their ids. */
export async function reopenTasksOfUnpaidOrders(tx: DbTx, orderIds: readonly number[], now: Date): Promise<number[]> {
  if (orderIds.length === 0) return [];
  const reopened = await tx
    .update(wantedTasks)
    .set({ status: 'open', orderId: null, acceptedOfferId: null, updatedAt: now })
    .where(and(eq(wantedTasks.status, 'accepted'), inArray(wantedTasks.orderId, [...orderIds])))
    .returning({ id: wantedTasks.id });
  const taskIds = reopened.map((row) => row.id);
  if (taskIds.length > 0) await tx.update(taskOffers).set({ status: 'pending' }).where(inArray(taskOffers.taskId, taskIds));
  return taskIds;
}
