/**
 * Runs a whole transaction again when PostgreSQL broke a deadlock by aborting it (40P01). An
 * UPDATE of an order that holds a window (paying it) and an INSERT of an overlapping order check
 * each other's new tuples under the exclusion constraint; PostgreSQL may then abort either. When
 * it aborts the INSERT, the booking answers 409 (booking.ts mappingDoubleBooking); when it aborts
 * the payment, nothing was written (the transaction rolled back, its idempotency record with it),
 * and the same payment run again no longer meets the INSERT, which has failed meanwhile.
 */
import { SQLSTATE_DEADLOCK_DETECTED, violatedConstraint } from '~/platform/db/errors';

/** How many times in all a transaction is tried when each try ends in a deadlock. */
export const DEADLOCK_ATTEMPTS = 3;

export async function retryingDeadlock<T>(run: () => Promise<T>, attempts = DEADLOCK_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || violatedConstraint(error, SQLSTATE_DEADLOCK_DETECTED) === null) throw error;
    }
  }
}
