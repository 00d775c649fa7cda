/**
 * Idempotency keys ("order creation and payment take an idempotency key"): the first
 * request under a key runs; any repeat gets the first answer instead of running again.
 *
 * The key row is inserted in the same transaction as the work. A concurrent repeat blocks on the
 * primary key until the first commits, then finds the row and replays its answer; if the first
 * failed, its row rolled back with everything else and the repeat simply runs. A key reused for a
 * different request body is refused (409), so a client bug cannot return the wrong order.
 * Rows are kept IDEMPOTENCY_KEY_TTL_MS (housekeeping.ts prunes them).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { IDEMPOTENCY_HEADER } from '~/platform/wire/common';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { idempotencyKeys } from '~/platform/db/schema';
import { badRequest, conflict } from '~/platform/http/errors';

export const MSG_BAD_IDEMPOTENCY_KEY = '请求标识无效';
export const MSG_IDEMPOTENCY_KEY_REUSED = '该请求标识已用于其他请求';

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The Idempotency-Key header: null when absent, 400 when malformed. */
export function idempotencyKeyOf(request: Request): string | null {
  const key = request.headers.get(IDEMPOTENCY_HEADER)?.trim();
  if (!key) return null;
  if (!KEY_PATTERN.test(key)) throw badRequest(MSG_BAD_IDEMPOTENCY_KEY);
  return key;
}

export interface IdempotentCall {
  userId: number;
  /** What kind of request, e.g. order.create; keys are per user and scope. */
  scope: string;
  key: string | null;
  /** The request's input; a repeat must send the same. */
  request: unknown;
}

class Replay {
  constructor(readonly requestHash: string) {}
}

/**
 * Runs `work` in a transaction, at most once per (user, scope, key); without a key it simply
 * runs. `work`'s result must be JSON (it is stored and replayed as stored).
 */
export async function withIdempotency<T>(db: Db, call: IdempotentCall, work: (tx: DbTx) => Promise<T>): Promise<T> {
  if (call.key === null) return db.transaction(work);
  const key = call.key;
  const requestHash = createHash('sha256').update(JSON.stringify(call.request ?? null)).digest('hex');
  try {
    return await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId: call.userId, scope: call.scope, key, requestHash, response: { pending: true } })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) throw new Replay(requestHash);
      const result = await work(tx);
      await tx
        .update(idempotencyKeys)
        .set({ response: (result ?? null) as object })
        .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, key)));
      return result;
    });
  } catch (error) {
    if (!(error instanceof Replay)) throw error;
    const [row] = await db
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, key)));
    // Gone between the conflict and this read (pruned): run it as new.
    if (!row) return withIdempotency(db, call, work);
    if (row.requestHash !== error.requestHash) throw conflict(MSG_IDEMPOTENCY_KEY_REUSED);
    return row.response as T;
  }
}

/**
 * Drops the record of a call whose work committed but whose outcome is undone afterwards (a
 * gateway that refused the payment booked before asking it: features/orders order-payment.ts), so
 * a repeat with the same key runs anew, as it would after a rollback.
 */
export async function forgetIdempotencyKey(db: DbOrTx, call: Pick<IdempotentCall, 'userId' | 'scope' | 'key'>): Promise<void> {
  if (call.key === null) return;
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, call.userId), eq(idempotencyKeys.scope, call.scope), eq(idempotencyKeys.key, call.key)));
}
